/**
 * NOTE: a native <select> (best on phones) with its label, in the `field` recipe's look. `label` is visible;
 * `accessibleName` overrides it for screen readers when the visible label is shortened by its group
 * (e.g. "Month" inside "Birthday" is announced as "Birth month"). With a `placeholder`, the first option is an
 * empty one showing it; without, the select always holds one of `options`.
 * Plain elements marked as Ark UI's Field would (field-marks.ts).
 */
import type { ComponentProps } from 'react';
import { field } from '../../styled-system/recipes';
import { controlMarks, fieldMarks, useFieldId } from './field-marks.ts';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = Omit<ComponentProps<'select'>, 'className' | 'children'> & {
  label: string;
  accessibleName?: string;
  placeholder?: string;
  options: readonly SelectOption[];
  invalid?: boolean;
};

export function SelectField({
  label,
  accessibleName,
  placeholder,
  options,
  invalid = false,
  required,
  disabled,
  ...select
}: SelectFieldProps) {
  const classes = field();
  const id = useFieldId(select.id);
  const marks = fieldMarks(invalid, disabled);
  return (
    <div className={classes.root} {...marks}>
      <label className={classes.label} htmlFor={id} {...marks}>
        {label}
      </label>
      <select className={classes.select} aria-label={accessibleName} {...controlMarks(id, invalid, required, disabled)} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
