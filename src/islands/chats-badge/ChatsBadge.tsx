/**
 * NOTE: the red badge on the navigation bar's Chats link (spec §2 "Navigation bar", §4 "Chat"): how many rooms
 * have unread messages (rooms, not messages; muted rooms left out), hidden at zero, capped like the bell.
 * - AppLayout mounts it in NavBar's `chats-badge` slot, which sits inside the Chats link, with
 *   `client:load transition:persist`, so it is on every signed-in page and survives navigations.
 * - Being inside the link, its hidden text becomes part of the link's name: 'Chats (2 unread)'.
 * - It starts the chat rooms store (src/stores/chat/chat-rooms.ts), which follows `chat_message` and `mark_all_read`.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { css, cx } from '../../../styled-system/css';
import { countBadge } from '../../../styled-system/recipes';
import { $unreadRoomCount, startChatRooms } from '../../stores/chat/chat-rooms.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { badgeText } from '../notification-bell/badge.ts';

// Desktop: a pill after the word; phones show the link as a round icon, so it sits on its corner like the bell's.
const badgeClass = cx(
  countBadge(),
  css({ ml: '1.5', _mobile: { ml: '0', position: 'absolute', top: '0', right: '-1', boxShadow: '0 0 0 2px token(colors.navbar.bg)' } }),
);
const srOnly = css({ srOnly: true });

export default function ChatsBadge() {
  // The chats list may load the rooms before this island hydrates: until then, the server's (no badge).
  const stored = useStore($unreadRoomCount);
  const count = useHydrated() ? stored : 0;
  useEffect(() => startChatRooms(), []);
  const text = badgeText(count);
  if (!text) return null;
  return (
    <>
      <span className={badgeClass} aria-hidden="true" data-testid="chats-badge">
        {text}
      </span>
      <span className={srOnly}>({text} unread)</span>
    </>
  );
}
