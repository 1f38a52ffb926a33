/**
 * NOTE: the Chat room island (spec §2 "Chat room", /chats/{chatId}). Rules for callers:
 * - Mount it with `client:load`, the room id from the URL (null when the URL's id is not a positive whole
 *   number) and `me`, the signed-in person from Astro.locals. It enters the room on mount and leaves it on
 *   unmount (chat-room-events.ts), so a ClientRouter navigation closes it cleanly.
 * - It fills the screen under the navigation bar (phones: full height, composer pinned at the bottom).
 * - A room that does not exist or is not the person's shows the not-found state (the page answers 404 for it
 *   when it can tell first).
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { css } from '../../../styled-system/css';
import type { ChatPerson } from '../../shared/chat-types.ts';
import { enterRoom } from '../../stores/chat/chat-room-events.ts';
import { $chatRoom, reloadRoom } from '../../stores/chat/chat-room.ts';
import { $typers, typingText } from '../../stores/chat/chat-typing.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { NotFoundOnDemand } from '../../ui/not-found-on-demand.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Composer } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';
import { RoomHeader } from './RoomHeader.tsx';

// The bar is 4rem plus its 1px border; <main> pads 1.5rem (phones) or 2.5rem (from sm) above and below.
const roomClass = css({
  display: 'flex',
  flexDirection: 'column',
  height: 'calc(100dvh - 4rem - 1px - var(--toast-space, 0px))', // a toast's room (see the global body style)
  mx: '-4',
  my: '-6',
  bg: 'bg.surface',
  overflow: 'hidden',
  sm: {
    height: 'calc(100dvh - 4rem - 1px - 5rem)',
    minH: '96',
    // As wide as the page's reading column it sits in (src/ui/page-styles.ts), like the chats list.
    mx: '0',
    my: '0',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'xl',
  },
});
const centreClass = css({ flex: '1', display: 'grid', placeItems: 'center', alignContent: 'center', gap: '4', p: '6' });
const typingClass = css({ minH: '6', px: { base: '4', sm: '5' }, fontSize: 'sm', fontStyle: 'italic', color: 'fg.muted' });

function TypingIndicator() {
  const text = typingText(useStore($typers));
  return (
    <p className={typingClass} aria-live="polite">
      {text}
    </p>
  );
}

export default function ChatRoom({ roomId, me }: { roomId: number | null; me: ChatPerson }) {
  const room = useStore($chatRoom);
  useEffect(() => (roomId === null ? undefined : enterRoom(roomId, me)), [roomId, me.id, me.username]);

  if (roomId === null || room.status === 'not-found') return <NotFoundOnDemand kind="chat" />;
  return (
    <section className={roomClass} aria-label="Chat room">
      <RoomHeader me={me} />
      {room.status === 'loading' && (
        <div className={centreClass}>
          <Spinner label="Loading chat" />
        </div>
      )}
      {room.status === 'error' && (
        <div className={centreClass}>
          <Alert>{room.error}</Alert>
          <Button variant="outline" onClick={reloadRoom}>
            Try again
          </Button>
        </div>
      )}
      {room.status === 'ready' && (
        <>
          <MessageList me={me} />
          <TypingIndicator />
          <Composer roomId={roomId} />
        </>
      )}
    </section>
  );
}
