/**
 * 'Leave Group' (spec §2): asks 'Are you sure you want to leave this group?'; Leave sends the request and goes to
 * /chats (the others are told through `user_left_chat`); a refusal stays with the message.
 */
import { useState } from 'react';
import { leaveGroup } from '../../stores/chat-room-actions.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

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
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Leave Group"
      size="sm"
      busy={busy}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button palette="secondary" onClick={() => void leave()} disabled={busy}>
            {busy ? 'Leaving...' : 'Leave'}
          </Button>
        </>
      }
    >
      <p>Are you sure you want to leave this group?</p>
      {error && <Alert>{error}</Alert>}
    </Dialog>
  );
}
