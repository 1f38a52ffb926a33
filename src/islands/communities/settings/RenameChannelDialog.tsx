/**
 * 'Rename channel': the current name to edit, Cancel and Save (the shared channelNameField decides). Success closes
 * it (members' screens show the new name through `chat_renamed`); a refusal keeps it open with the message.
 */
import { useRef, useState } from 'react';
import * as v from 'valibot';
import type { Channel } from '../../../shared/community-types.ts';
import { CHANNEL_NAME_MAX } from '../../../shared/community-values.ts';
import { channelNameField } from '../../../shared/schemas/communities.ts';
import { renameChannel } from '../../../stores/communities/community-settings-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { FormDialogFooter } from '../../../ui/FormDialogFooter.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useFormDialog } from '../../../ui/use-form-dialog.ts';

const FORM_ID = 'rename-channel-form';
type Props = { slug: string; channel: Channel | null; onClose: () => void; onRenamed: () => void };

export function RenameChannelDialog({ slug, channel, onClose, onRenamed }: Props) {
  const [name, setName] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const open = channel !== null;
  const onOpenChange = (next: boolean) => !next && onClose();
  const { error, busy, onSubmit } = useFormDialog({
    open,
    onOpenChange,
    reset: () => setName(channel?.name ?? ''),
    save: async () => {
      const parsed = v.safeParse(channelNameField, name);
      if (!parsed.success) return parsed.issues[0].message;
      await renameChannel(slug, channel!.room_id, parsed.output);
      onRenamed();
      return null;
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rename channel"
      size="sm"
      busy={busy}
      initialFocusRef={inputRef}
      footer={<FormDialogFooter formId={FORM_ID} saving={busy} onCancel={onClose} />}
    >
      <form id={FORM_ID} noValidate onSubmit={onSubmit}>
        {error && <Alert>{error}</Alert>}
        <TextField
          ref={inputRef}
          label="Channel name"
          name="name"
          value={name}
          maxLength={CHANNEL_NAME_MAX + 10}
          onChange={(e) => setName(e.target.value)}
          disabled={busy}
          invalid={Boolean(error)}
        />
      </form>
    </Dialog>
  );
}
