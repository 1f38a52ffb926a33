/**
 * NOTE: a labelled text input (Ark UI Field + the `field` recipe). The label is always visible and is the
 * input's accessible name. `invalid` marks the control (aria-invalid, red outline). `error` (a message) marks it
 * too and shows the message under the input, linked to it with aria-describedby; without it the form shows the
 * message elsewhere (its alert).
 */
import { Field } from '@ark-ui/react/field';
import { forwardRef, useId, type ComponentPropsWithoutRef } from 'react';
import { field } from '../../styled-system/recipes';

type TextFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'className'> & { label: string; invalid?: boolean; error?: string | null };

// forwardRef keeps the ref on the input (React 19 also passes `ref` as a prop; either works).
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, invalid = false, error, required, disabled, ...input },
  ref,
) {
  const classes = field();
  // Ark links its error text with aria-errormessage only; aria-describedby is what screen readers announce.
  const errorId = useId();
  return (
    <Field.Root className={classes.root} invalid={invalid || Boolean(error)} required={required} disabled={disabled}>
      <Field.Label className={classes.label}>{label}</Field.Label>
      <Field.Input ref={ref} className={classes.input} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <Field.ErrorText id={errorId} className={classes.errorText}>
          {error}
        </Field.ErrorText>
      )}
    </Field.Root>
  );
});
