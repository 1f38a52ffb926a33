/**
 * NOTE: the registration birthday: three native selects (spec §2) in a fieldset labelled "Birthday".
 * Uncontrolled: the form reads `birthMonth`, `birthDay` and `birthYear` ("1"–"12", "1"–"31", years) on submit,
 * and the shared schema turns them into numbers. Their errors sit together under the row (three narrow columns
 * would wrap them badly on a phone), each linked to its own select with aria-describedby.
 */
import { Fieldset } from '@ark-ui/react/fieldset';
import { css } from '../../../styled-system/css';
import { birthYearRange } from '../../shared/schemas/birthday.ts';
import { SelectField, type SelectOption } from '../../ui/SelectField.tsx';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthOptions: SelectOption[] = MONTHS.map((label, i) => ({ value: String(i + 1), label }));
const dayOptions: SelectOption[] = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

function yearOptions(): SelectOption[] {
  const { first, last } = birthYearRange();
  return Array.from({ length: last - first + 1 }, (_, i) => String(last - i)).map((y) => ({ value: y, label: y }));
}

const legendClass = css({ fontSize: 'sm', fontWeight: 'medium', mb: '1.5' });
const rowClass = css({ display: 'grid', gridTemplateColumns: '1.6fr 1fr 1.2fr', gap: '3' });
const errorClass = css({ fontSize: 'sm', color: 'error.text', mt: '1.5' });

type Name = 'birthMonth' | 'birthDay' | 'birthYear';
type Props = { errorOf: (name: Name) => string | null };

const errorIdOf = (name: Name) => `register-${name}-error`;

export function BirthdayFields({ errorOf }: Props) {
  const names: Name[] = ['birthMonth', 'birthDay', 'birthYear'];
  // Links a select to its message (only while there is one) and marks it invalid.
  const described = (name: Name) => ({ invalid: Boolean(errorOf(name)), 'aria-describedby': errorOf(name) ? errorIdOf(name) : undefined });
  return (
    <Fieldset.Root className={css({ border: 'none', p: '0', m: '0', minW: '0' })}>
      <Fieldset.Legend className={legendClass}>Birthday</Fieldset.Legend>
      <div className={rowClass}>
        <SelectField
          label="Month"
          accessibleName="Birth month"
          name="birthMonth"
          placeholder="Month"
          options={monthOptions}
          defaultValue=""
          {...described('birthMonth')}
          required
        />
        <SelectField
          label="Day"
          accessibleName="Birth day"
          name="birthDay"
          placeholder="Day"
          options={dayOptions}
          defaultValue=""
          {...described('birthDay')}
          required
        />
        <SelectField
          label="Year"
          accessibleName="Birth year"
          name="birthYear"
          placeholder="Year"
          options={yearOptions()}
          defaultValue=""
          {...described('birthYear')}
          required
        />
      </div>
      {names.map((name) => {
        const message = errorOf(name);
        return message ? (
          <p key={name} id={errorIdOf(name)} className={errorClass}>
            {message}
          </p>
        ) : null;
      })}
    </Fieldset.Root>
  );
}
