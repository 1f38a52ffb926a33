/**
 * 'Leave Group' (spec §2): asks 'Are you sure you want to leave this group?'; Leave sends the request and goes to
 * /chats (the others are told through `user_left_chat`); a refusal stays with the message.
 */
import { useState } from 'react';
import { leaveGroup } from '../../stores/chat-room-actions.ts';
import { Alert } from '../../ui/Alert.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function LeaveDialog({ open, onOpenChange }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function leave() {
    setBusy(true);
    setError(null);
    const problem = await leaveGroup();
    setBusy(false);
    if (problem) setError(problem);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Leave Group"
      confirmLabel="Leave"
      busyLabel="Leaving..."
      busy={busy}
      onConfirm={() => void leave()}
    >
      <p>Are you sure you want to leave this group?</p>
      {error && <Alert>{error}</Alert>}
    </ConfirmDialog>
  );
}
