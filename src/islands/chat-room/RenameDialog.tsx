/**
 * 'Rename Group' (spec §2, §5: a non-blank name; the shared chatNameField decides): the current name to edit,
 * Cancel and Save. Success closes it (everyone's screen shows the new name through `chat_renamed`); a refusal
 * keeps it open with the message.
 */
import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { CHAT_NAME_MAX } from '../../shared/constants.ts';
import { chatNameField } from '../../shared/schemas/chat.ts';
import { renameGroup } from '../../stores/chat/chat-room-actions.ts';
import { $chatRoom } from '../../stores/chat/chat-room.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormDialogFooter } from '../../ui/FormDialogFooter.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFormDialog } from '../../ui/use-form-dialog.ts';

const FORM_ID = 'rename-group-form';
type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function RenameDialog({ open, onOpenChange }: Props) {
  const current = useStore($chatRoom, { keys: ['name'] }).name;
  const [name, setName] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const {
    error,
    busy: saving,
    onSubmit,
  } = useFormDialog({
    open,
    onOpenChange,
    reset: () => setName($chatRoom.get().name),
    save: async () => {
      const parsed = v.safeParse(chatNameField, name);
      return parsed.success ? renameGroup(parsed.output) : parsed.issues[0].message;
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rename Group"
      size="sm"
      busy={saving}
      initialFocusRef={inputRef}
      footer={<FormDialogFooter formId={FORM_ID} saving={saving} onCancel={() => onOpenChange(false)} />}
    >
      <form id={FORM_ID} noValidate onSubmit={onSubmit}>
        {error && <Alert>{error}</Alert>}
        <TextField
          ref={inputRef}
          label="Group name"
          name="name"
          placeholder={current}
          value={name}
          maxLength={CHAT_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          disabled={saving}
          invalid={Boolean(error)}
        />
      </form>
    </Dialog>
  );
}
