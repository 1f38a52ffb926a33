/**
 * A community moderator removes a message in one of its channels: asked first, then DELETE
 * /communities/{slug}/messages/{id}. The message leaves every member's screen through `chat_message_removed`; the
 * server refuses a message of someone of the same or a higher role (its words are shown).
 */
import { api } from '../../client/api.ts';
import type { ChatMessage } from '../../shared/chat-types.ts';
import { communityPath } from '../../shared/paths.ts';
import { $chatRoom, dropMessage } from '../../stores/chat/chat-room.ts';
import { toast } from '../../stores/toasts.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

export function RemoveMessageDialog({ message, onClose }: { message: ChatMessage | null; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Remove this message?"
      confirmLabel="Remove"
      busyLabel="Removing..."
      failure="Removing failed. Please try again."
      onConfirm={async () => {
        const community = $chatRoom.get().community;
        if (!message || !community) return null;
        await api.delete(`${communityPath(community.slug)}/messages/${message.id}`);
        dropMessage(message.room_id, message.id);
        toast.success('Message removed');
        onClose();
        return null;
      }}
    >
      {message ? `The message from ${message.sender_name} goes for every member. The mod log records it.` : ''}
    </ConfirmDialog>
  );
}
