/**
 * NOTE: the /chats page's list (spec §2 "Chats list"): the person's rooms, newest activity first, kept live by
 * src/stores/chat/chat-rooms.ts (the nav's Chats badge starts it; this island starts it too and reloads on opening,
 * so coming back from a room never shows a stale list). States: loading (spinner), failed (alert + Try again),
 * empty ('No chats yet' and a hint), the list. A community's channels are listed together under its name, which
 * links to the community (group-rooms.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { $chatRooms, loadRooms, startChatRooms } from '../../stores/chat/chat-rooms.ts';
import { $session } from '../../stores/accounts/session.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { panelListClass } from '../../ui/list-styles.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { communityPath } from '../../shared/paths.ts';
import { ChatRoomRow } from './ChatRoomRow.tsx';
import { groupRooms } from './group-rooms.ts';

const centerClass = css({ display: 'grid', placeItems: 'center', py: '10' });
const emptyClass = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '1',
  textAlign: 'center',
  py: '10',
  px: '4',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
});
const emptyTitleClass = css({ fontWeight: 'semibold', fontSize: 'lg' });
const hintClass = css({ color: 'fg.muted' });
const communityHeadClass = css({
  display: 'block',
  px: { base: '3', sm: '4' },
  pt: '3',
  pb: '1',
  fontSize: 'xs',
  fontWeight: 'bold',
  letterSpacing: 'wide',
  textTransform: 'uppercase',
  color: 'fg.muted',
  overflowWrap: 'anywhere',
  _hover: { color: 'primary.text', textDecoration: 'underline' },
});
const channelsClass = css({ listStyle: 'none', m: '0', p: '0' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' });

export default function ChatList() {
  const { rooms, loaded: storeLoaded, loading, error } = useStore($chatRooms);
  const myName = useStore($session).user?.username ?? null;
  // The store outlives navigations, but the server rendered the loading state: match it until hydrated.
  const [hydrated, setHydrated] = useState(false);
  const loaded = hydrated && storeLoaded;

  useEffect(() => {
    setHydrated(true);
    startChatRooms();
    void loadRooms();
  }, []);

  if (!loaded && error && hydrated) {
    return (
      <div className={errorClass}>
        <Alert>{error}</Alert>
        <Button variant="outline" onClick={() => void loadRooms()} disabled={loading}>
          Try again
        </Button>
      </div>
    );
  }
  if (!loaded) {
    return (
      <div className={centerClass}>
        <Spinner label="Loading chats" />
      </div>
    );
  }
  if (rooms.length === 0) {
    return (
      <div className={emptyClass}>
        <p className={emptyTitleClass}>No chats yet</p>
        <p className={hintClass}>Start one with the New Chat button.</p>
      </div>
    );
  }
  return (
    <ul className={panelListClass} aria-label="Chats">
      {groupRooms(rooms).map((entry) =>
        entry.kind === 'room' ? (
          <li key={entry.room.id}>
            <ChatRoomRow room={entry.room} myName={myName} />
          </li>
        ) : (
          <li key={`community:${entry.community.slug}`}>
            <a className={communityHeadClass} href={communityPath(entry.community.slug)}>
              {entry.community.name}
            </a>
            <ul className={channelsClass} aria-label={`Channels of ${entry.community.name}`}>
              {entry.rooms.map((room) => (
                <li key={room.id}>
                  <ChatRoomRow room={room} myName={myName} />
                </li>
              ))}
            </ul>
          </li>
        ),
      )}
    </ul>
  );
}
