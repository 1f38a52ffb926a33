/**
 * NOTE: a labelled multi-line input (the `field` recipe), the TextField's sibling. The label is
 * its accessible name (pass `srOnlyLabel` when a dialog title already shows what it is); `helper` (e.g. a
 * character counter) sits below and is announced as the description. `invalid` marks it (aria-invalid, red
 * outline); the message itself is shown by the form's alert.
 */
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { css, cx } from '../../styled-system/css';
import { field } from '../../styled-system/recipes';
import { controlMarks, fieldMarks, useFieldId } from './field-marks.ts';

type TextAreaProps = Omit<ComponentPropsWithoutRef<'textarea'>, 'className'> & {
  label: string;
  srOnlyLabel?: boolean;
  helper?: ReactNode;
  invalid?: boolean;
};

const textareaClass = css({ py: '2.5', minH: '32', lineHeight: '1.5', resize: 'vertical' });
const srOnlyClass = css({ srOnly: true });
const helperRowClass = css({ display: 'flex', justifyContent: 'flex-end', '&[data-invalid]': { color: 'error.text' } });

// forwardRef keeps the ref on the input (React 19 also passes `ref` as a prop; either works).
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, srOnlyLabel = false, helper, invalid = false, required, disabled, ...textarea },
  ref,
) {
  const classes = field();
  const id = useFieldId(textarea.id);
  const helperId = `${id}-helper`;
  const marks = fieldMarks(invalid, disabled);
  return (
    <div className={classes.root} {...marks}>
      <label className={cx(classes.label, srOnlyLabel && srOnlyClass)} htmlFor={id} {...marks}>
        {label}
      </label>
      <textarea
        ref={ref}
        className={cx(classes.input, textareaClass)}
        aria-describedby={helper !== undefined ? helperId : undefined}
        {...controlMarks(id, invalid, required, disabled)}
        {...textarea}
      />
      {helper !== undefined && (
        <div id={helperId} className={cx(classes.helperText, helperRowClass)} {...marks}>
          {helper}
        </div>
      )}
    </div>
  );
});
