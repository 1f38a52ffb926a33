/**
 * NOTE: the registration birthday: three native selects (spec §2) in a fieldset labelled "Birthday".
 * Uncontrolled: the form reads `birthMonth`, `birthDay` and `birthYear` ("1"–"12", "1"–"31", years) on submit,
 * and the shared schema turns them into numbers.
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

type Props = { isInvalid: (name: 'birthMonth' | 'birthDay' | 'birthYear') => boolean };

export function BirthdayFields({ isInvalid }: Props) {
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
          invalid={isInvalid('birthMonth')}
          required
        />
        <SelectField
          label="Day"
          accessibleName="Birth day"
          name="birthDay"
          placeholder="Day"
          options={dayOptions}
          defaultValue=""
          invalid={isInvalid('birthDay')}
          required
        />
        <SelectField
          label="Year"
          accessibleName="Birth year"
          name="birthYear"
          placeholder="Year"
          options={yearOptions()}
          defaultValue=""
          invalid={isInvalid('birthYear')}
          required
        />
      </div>
    </Fieldset.Root>
  );
}
