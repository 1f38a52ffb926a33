/**
 * The Edit Platforms dialog (spec §2, §4): one field per PLATFORMS entry (Discord, PlayStation, Xbox, Steam,
 * Nintendo). Save sends one PUT per handle that changed (the store decides); an emptied field clears the handle.
 * Beside each field, 'Who can see this' (Everyone / Friends / Only me) sets that handle's visibility; a changed
 * setting is saved with the handles. Saving disables the controls; success reloads the profile and closes, a
 * failure keeps the dialog open.
 */
import { useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import { PLATFORMS, type HandleVisibility, type HandleVisibilitySettings, type PlatformId } from '../../shared/profile-values.ts';
import { $profile, handleOf } from '../../stores/profiles/profile.ts';
import { savePlatforms } from '../../stores/profiles/profile-edits.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormDialogFooter } from '../../ui/FormDialogFooter.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFormDialog } from '../../ui/use-form-dialog.ts';
import { VISIBILITY_OPTIONS } from './visibility-labels.ts';

const FORM_ID = 'edit-platforms-form';
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const introClass = css({ color: 'fg.muted', fontSize: 'sm' });
const rowClass = css({ display: 'grid', gridTemplateColumns: { base: '1fr 8.5rem', sm: '1fr 10rem' }, gap: '3', alignItems: 'start' });

const PLACEHOLDERS: Record<PlatformId, string> = {
  discord: 'Discord username',
  playstation: 'PSN online ID',
  xbox: 'Gamertag',
  steam: 'Steam username',
  nintendo: 'SW-1234-5678-9012',
};

type Values = Record<PlatformId, string>;

function currentValues(): Values {
  const state = $profile.get();
  return Object.fromEntries(PLATFORMS.map((p) => [p.id, handleOf(state, p) ?? ''])) as Values;
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function PlatformsDialog({ open, onOpenChange }: Props) {
  const [values, setValues] = useState<Values>(currentValues);
  const [visibility, setVisibility] = useState<HandleVisibilitySettings>(() => $profile.get().handleVisibility);
  const firstRef = useRef<HTMLInputElement>(null);
  const {
    error,
    busy: saving,
    onSubmit,
  } = useFormDialog({
    open,
    onOpenChange,
    reset: () => {
      setValues(currentValues());
      setVisibility($profile.get().handleVisibility);
    },
    save: () => savePlatforms(values, visibility),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Platforms"
      busy={saving}
      initialFocusRef={firstRef}
      footer={<FormDialogFooter formId={FORM_ID} saving={saving} onCancel={() => onOpenChange(false)} />}
    >
      <form id={FORM_ID} className={formClass} noValidate onSubmit={onSubmit}>
        <p className={introClass}>Leave a field empty to remove that platform.</p>
        {error && <Alert>{error}</Alert>}
        {PLATFORMS.map((platform, index) => (
          <div key={platform.id} className={rowClass}>
            <TextField
              ref={index === 0 ? firstRef : undefined}
              label={platform.label}
              name={platform.key}
              placeholder={PLACEHOLDERS[platform.id]}
              autoComplete="off"
              spellCheck={false}
              maxLength={platform.max}
              value={values[platform.id]}
              onChange={(e) => setValues((prev) => ({ ...prev, [platform.id]: e.target.value }))}
              disabled={saving}
            />
            <SelectField
              label="Who can see this"
              accessibleName={`Who can see your ${platform.label}`}
              name={`${platform.id}_visibility`}
              options={VISIBILITY_OPTIONS}
              value={visibility[platform.id]}
              onChange={(e) => setVisibility((prev) => ({ ...prev, [platform.id]: e.target.value as HandleVisibility }))}
              disabled={saving}
            />
          </div>
        ))}
      </form>
    </Dialog>
  );
}
