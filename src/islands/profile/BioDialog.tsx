/**
 * The Edit Bio dialog (spec §2, §4): 'Tell us about yourself...', a character counter against BIO_MAX, Cancel
 * and Save ('Saving...' while busy). Saving disables the controls; success reloads the profile and closes, a
 * failure keeps the dialog open with the message.
 */
import { useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import { BIO_MAX } from '../../shared/profile-values.ts';
import { $profile } from '../../stores/profiles/profile.ts';
import { saveBio } from '../../stores/profiles/profile-edits.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormDialogFooter } from '../../ui/FormDialogFooter.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import { useFormDialog } from '../../ui/use-form-dialog.ts';

const FORM_ID = 'edit-bio-form';
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function BioDialog({ open, onOpenChange }: Props) {
  const [bio, setBio] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const {
    error,
    busy: saving,
    onSubmit,
  } = useFormDialog({
    open,
    onOpenChange,
    reset: () => setBio($profile.get().bio),
    save: () => saveBio(bio),
  });

  const tooLong = bio.trim().length > BIO_MAX;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Bio"
      busy={saving}
      initialFocusRef={textareaRef}
      footer={<FormDialogFooter formId={FORM_ID} saving={saving} onCancel={() => onOpenChange(false)} />}
    >
      <form id={FORM_ID} className={formClass} noValidate onSubmit={onSubmit}>
        {error && <Alert>{error}</Alert>}
        <TextArea
          ref={textareaRef}
          label="Bio"
          srOnlyLabel
          name="bio"
          placeholder="Tell us about yourself..."
          rows={5}
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          disabled={saving}
          invalid={tooLong || Boolean(error)}
          helper={`${bio.trim().length}/${BIO_MAX}`}
        />
      </form>
    </Dialog>
  );
}
