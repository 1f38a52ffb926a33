/**
 * NOTE: a native <select> (best on phones) in an Ark UI Field with the `field` recipe. `label` is visible;
 * `accessibleName` overrides it for screen readers when the visible label is shortened by its group
 * (e.g. "Month" inside "Birthday" is announced as "Birth month"). With a `placeholder`, the first option is an
 * empty one showing it; without, the select always holds one of `options`.
 */
import { Field } from '@ark-ui/react/field';
import type { ComponentProps } from 'react';
import { field } from '../../styled-system/recipes';

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
  return (
    <Field.Root className={classes.root} invalid={invalid} required={required} disabled={disabled}>
      <Field.Label className={classes.label}>{label}</Field.Label>
      <Field.Select className={classes.select} aria-label={accessibleName} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Field.Select>
    </Field.Root>
  );
}
