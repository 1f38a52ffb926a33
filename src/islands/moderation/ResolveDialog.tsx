/**
 * The confirm step of every queue action: what will happen, in plain words, and an optional note for the audit
 * log (resolutions only). Confirm runs the action; a refusal stays open with the server's reason.
 */
import { useEffect, useState } from 'react';
import type { ModerationReport } from '../../shared/moderation-types.ts';
import { MODERATION_NOTE_MAX } from '../../shared/moderation-values.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import type { CardAction } from './ReportCard.tsx';

export type Pending = { report: ModerationReport; action: CardAction };
export type ResolveDialogProps = {
  pending: Pending | null;
  onClose: () => void;
  onConfirm: (pending: Pending, note: string) => Promise<null>;
};

const KIND = {
  media: 'post',
  comment: 'comment',
  message: 'chat message',
  user: 'bio, gaming handles, links and profile picture',
} as const;

function wording({ report, action }: Pending) {
  const name = report.target_user.username;
  switch (action) {
    case 'dismiss':
      return {
        title: 'Dismiss report?',
        confirm: 'Dismiss',
        busy: 'Dismissing...',
        text: 'Nothing is removed. Other open reports on the same content close too.',
      };
    case 'remove_content':
      return {
        title: 'Remove content?',
        confirm: 'Remove',
        busy: 'Removing...',
        text: `This deletes ${name}'s ${KIND[report.content.target_type]} for everyone, with its files. It cannot be undone.`,
      };
    case 'suspend_user':
      return {
        title: `Suspend ${name}?`,
        confirm: 'Suspend',
        busy: 'Suspending...',
        text: `${name} is signed out everywhere at once and cannot sign in until a moderator lifts the suspension. Their content stays.`,
      };
    case 'unsuspend':
      return {
        title: `Unsuspend ${name}?`,
        confirm: 'Unsuspend',
        busy: 'Unsuspending...',
        text: `${name} can sign in again. The report stays open.`,
      };
  }
}

export function ResolveDialog({ pending, onClose, onConfirm }: ResolveDialogProps) {
  const [note, setNote] = useState('');
  const [shown, setShown] = useState<Pending | null>(pending);
  useEffect(() => {
    setNote('');
    // Keep the words while the dialog animates closed.
    if (pending) setShown(pending);
  }, [pending]);
  if (!shown) return null;
  const words = wording(shown);
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && onClose()}
      title={words.title}
      confirmLabel={words.confirm}
      busyLabel={words.busy}
      onConfirm={() => onConfirm(shown, note)}
    >
      <p>{words.text}</p>
      {shown.action !== 'unsuspend' && (
        <TextArea
          label="Note for the audit log (optional)"
          name="note"
          value={note}
          maxLength={MODERATION_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
          helper={`${note.length}/${MODERATION_NOTE_MAX}`}
        />
      )}
    </ConfirmDialog>
  );
}
