/**
 * NOTE: a labelled text input (Ark UI Field + the `field` recipe). The label is always visible and is the
 * input's accessible name. `invalid` marks the control (aria-invalid, red outline); the message itself is shown
 * by the form (its alert), so it is not repeated here.
 */
import { Field } from '@ark-ui/react/field';
import type { ComponentProps } from 'react';
import { field } from '../../styled-system/recipes';

type TextFieldProps = Omit<ComponentProps<'input'>, 'className'> & { label: string; invalid?: boolean };

export function TextField({ label, invalid = false, required, disabled, ...input }: TextFieldProps) {
  const classes = field();
  return (
    <Field.Root className={classes.root} invalid={invalid} required={required} disabled={disabled}>
      <Field.Label className={classes.label}>{label}</Field.Label>
      <Field.Input className={classes.input} {...input} />
    </Field.Root>
  );
}
