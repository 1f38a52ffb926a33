/**
 * NOTE: the attributes of a labelled form control's parts (root, label, control), as Ark UI's Field set them:
 * `data-invalid` / `data-disabled` for the `field` recipe's styles, `aria-invalid` for screen readers. The fields
 * are plain elements (Ark's Field cost 2–4 kB on every page with a form for what a <label for> already does).
 */
import { useId } from 'react';

/** The control's id: the one the caller gave, else a generated one (the label's `for` names it either way). */
export function useFieldId(given: string | undefined): string {
  const generated = useId();
  return given ?? generated;
}

export function fieldMarks(invalid: boolean, disabled: boolean | undefined) {
  return { 'data-invalid': invalid ? '' : undefined, 'data-disabled': disabled ? '' : undefined };
}

/** The control's own attributes: its id (for the label), invalid, required and disabled states. */
export function controlMarks(id: string, invalid: boolean, required: boolean | undefined, disabled: boolean | undefined) {
  return { id, 'aria-invalid': invalid || undefined, required, disabled, ...fieldMarks(invalid, disabled) };
}
