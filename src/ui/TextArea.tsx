/**
 * NOTE: a labelled multi-line input (Ark UI Field + the `field` recipe), the TextField's sibling. The label is
 * its accessible name (pass `srOnlyLabel` when a dialog title already shows what it is); `helper` (e.g. a
 * character counter) sits below and is announced as the description. `invalid` marks it (aria-invalid, red
 * outline); the message itself is shown by the form's alert.
 */
import { Field } from '@ark-ui/react/field';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { css, cx } from '../../styled-system/css';
import { field } from '../../styled-system/recipes';

type TextAreaProps = Omit<ComponentPropsWithoutRef<'textarea'>, 'className'> & {
  label: string;
  srOnlyLabel?: boolean;
  helper?: ReactNode;
  invalid?: boolean;
};

const textareaClass = css({ py: '2.5', minH: '32', lineHeight: '1.5', resize: 'vertical' });
const helperRowClass = css({ display: 'flex', justifyContent: 'flex-end', '&[data-invalid]': { color: 'error.text' } });

// forwardRef keeps the ref on the input (React 19 also passes `ref` as a prop; either works).
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, srOnlyLabel = false, helper, invalid = false, required, disabled, ...textarea },
  ref,
) {
  const classes = field();
  return (
    <Field.Root className={classes.root} invalid={invalid} required={required} disabled={disabled}>
      <Field.Label className={cx(classes.label, srOnlyLabel && css({ srOnly: true }))}>{label}</Field.Label>
      <Field.Textarea ref={ref} className={cx(classes.input, textareaClass)} {...textarea} />
      {helper !== undefined && <Field.HelperText className={cx(classes.helperText, helperRowClass)}>{helper}</Field.HelperText>}
    </Field.Root>
  );
});
