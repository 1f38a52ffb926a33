export { alertRecipe } from './alert.ts';
export { buttonRecipe } from './button.ts';
export { cardRecipe } from './card.ts';
export { dialogRecipe } from './dialog.ts';
export { drawerRecipe } from './drawer.ts';
export { fieldRecipe } from './field.ts';
export { spinnerRecipe } from './spinner.ts';
export { iconButtonRecipe } from './icon-button.ts';
