/** A labelled form control (Ark UI Field parts): label above, outlined input or native select, error text. */
import { defineSlotRecipe } from '@pandacss/dev';

const control = {
  width: 'full',
  minH: '12',
  px: '3',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.field',
  bg: 'bg.field',
  color: 'fg.default',
  fontSize: 'md',
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: '150ms',
  _hover: { borderColor: 'border.fieldHover' },
  _focusVisible: { outline: 'none', borderColor: 'primary.text', boxShadow: '0 0 0 1px var(--colors-primary-text)' },
  // Only what the form marked (Ark sets data-invalid): Panda's `_invalid` also matches `:invalid`, i.e. every
  // empty required field before the user typed anything.
  '&[data-invalid]': {
    borderColor: 'error.icon',
    _hover: { borderColor: 'error.icon' },
    _focusVisible: { borderColor: 'error.icon', boxShadow: '0 0 0 1px var(--colors-error-icon)' },
  },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
} as const;

export const fieldRecipe = defineSlotRecipe({
  className: 'field',
  description: 'Label + input/select + error text',
  slots: ['root', 'label', 'input', 'select', 'errorText', 'helperText'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: 'full', minW: '0' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    input: { ...control, '&::placeholder': { color: 'fg.disabled' } },
    select: { ...control, pr: '2', cursor: 'pointer' },
    errorText: { fontSize: 'sm', color: 'error.text' },
    helperText: { fontSize: 'sm', color: 'fg.muted' },
  },
});
