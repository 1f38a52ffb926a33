import { css, cx } from '../../../styled-system/css';
import { iconButton } from '../../../styled-system/recipes';

/** The bell button, the same before and after its dropdown's code has loaded. */
export const triggerClass = cx(iconButton({ tone: 'navbar' }), css({ position: 'relative' }));
