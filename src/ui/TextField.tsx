/**
 * NOTE: a labelled text input (the `field` recipe). The label is always visible and is the input's accessible
 * name. `invalid` marks the control (aria-invalid, red outline). `error` (a message) marks it too and shows the
 * message under the input, linked to it with aria-describedby; without it the form shows the message elsewhere
 * (its alert).
 */
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { field } from '../../styled-system/recipes';
import { controlMarks, fieldMarks, useFieldId } from './field-marks.ts';

type TextFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'className'> & { label: string; invalid?: boolean; error?: string | null };

// forwardRef keeps the ref on the input (React 19 also passes `ref` as a prop; either works).
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, invalid = false, error, required, disabled, ...input },
  ref,
) {
  const classes = field();
  const id = useFieldId(input.id);
  const errorId = `${id}-error`;
  const marked = invalid || Boolean(error);
  const marks = fieldMarks(marked, disabled);
  return (
    <div className={classes.root} {...marks}>
      <label className={classes.label} htmlFor={id} {...marks}>
        {label}
      </label>
      <input
        ref={ref}
        className={classes.input}
        aria-describedby={error ? errorId : undefined}
        {...controlMarks(id, marked, required, disabled)}
        {...input}
      />
      {error && (
        <span id={errorId} className={classes.errorText} aria-live="polite" {...marks}>
          {error}
        </span>
      )}
    </div>
  );
});
