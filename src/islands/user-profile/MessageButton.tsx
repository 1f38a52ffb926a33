/**
 * NOTE: 'Message' on a friend's profile (issue 21): opens the 1-on-1 with them, creating it when there is none
 * (the server answers the existing room otherwise). The chat code loads on the click, not with the profile.
 */
import { useState } from 'react';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { chatPath } from '../../shared/paths.ts';

export function MessageButton({ userId }: { userId: number }) {
  const [busy, setBusy] = useState(false);

  async function open() {
    setBusy(true);
    try {
      const { createRoom } = await import('../../stores/chat/create-chat-room.ts');
      const outcome = await createRoom({ user_ids: [userId], is_group: false });
      if (outcome.error !== undefined) {
        toast.error(outcome.error);
        return;
      }
      const { navigate } = await import('astro:transitions/client');
      await navigate(chatPath(outcome.room_id));
    } catch (err) {
      console.error('Opening the chat failed', err);
      toast.error('Could not open the chat. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button onClick={() => void open()} disabled={busy}>
      <Icon name="chats" />
      Message
    </Button>
  );
}
