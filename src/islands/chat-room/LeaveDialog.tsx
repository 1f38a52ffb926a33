/**
 * Leaving a room: for a group, 'Leave Group' asks 'Are you sure you want to leave this group?' (spec §2); for a
 * 1-on-1, 'Leave Chat' explains that it only hides the chat until the other person writes again (ADR 022).
 * Leave sends the request and goes to /chats (others are told through the live events); a refusal stays with
 * the message.
 */
import { useStore } from '@nanostores/react';
import { leaveRoom } from '../../stores/chat/chat-room-actions.ts';
import { $chatRoom } from '../../stores/chat/chat-room.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function LeaveDialog({ open, onOpenChange }: Props) {
  const { isGroup, name } = useStore($chatRoom, { keys: ['isGroup', 'name'] });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isGroup ? 'Leave Group' : 'Leave Chat'}
      confirmLabel="Leave"
      busyLabel="Leaving..."
      onConfirm={leaveRoom}
    >
      {isGroup ? (
        <p>Are you sure you want to leave this group?</p>
      ) : (
        <p>Hide this chat? It comes back when {name} writes again. They keep the conversation.</p>
      )}
    </ConfirmDialog>
  );
}
