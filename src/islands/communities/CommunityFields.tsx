/**
 * A community's describing fields, as the create dialog and the settings' details edit them: name, description,
 * who can join, and the rules as text (one per line: rules-text.ts). Controlled: `value` in, `onChange(patch)` out.
 */
import {
  COMMUNITY_DESCRIPTION_MAX,
  COMMUNITY_NAME_MAX,
  COMMUNITY_VISIBILITIES,
  COMMUNITY_VISIBILITY_LABELS,
  type CommunityVisibility,
} from '../../shared/community-values.ts';
import { SelectField } from '../../ui/SelectField.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import { TextField } from '../../ui/TextField.tsx';

export type CommunityFieldValues = { name: string; description: string; visibility: CommunityVisibility; rules: string };

const options = COMMUNITY_VISIBILITIES.map((value) => ({ value, label: COMMUNITY_VISIBILITY_LABELS[value] }));

type Props = { value: CommunityFieldValues; onChange: (patch: Partial<CommunityFieldValues>) => void; disabled: boolean; rows?: number };

export function CommunityFields({ value, onChange, disabled, rows = 3 }: Props) {
  return (
    <>
      <TextField
        label="Name"
        name="name"
        value={value.name}
        maxLength={COMMUNITY_NAME_MAX}
        autoComplete="off"
        required
        onChange={(e) => onChange({ name: e.target.value })}
        disabled={disabled}
      />
      <TextArea
        label="Description"
        name="description"
        value={value.description}
        maxLength={COMMUNITY_DESCRIPTION_MAX}
        rows={rows}
        onChange={(e) => onChange({ description: e.target.value })}
        disabled={disabled}
      />
      <SelectField
        label="Who can join"
        name="visibility"
        options={options}
        value={value.visibility}
        onChange={(e) => onChange({ visibility: e.target.value as CommunityVisibility })}
        disabled={disabled}
      />
      <TextArea
        label="Rules"
        helper="One rule per line, up to 10."
        name="rules"
        value={value.rules}
        rows={rows}
        onChange={(e) => onChange({ rules: e.target.value })}
        disabled={disabled}
      />
    </>
  );
}
