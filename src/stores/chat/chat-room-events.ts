/**
 * NOTE: the open room's live events (spec §4 "Chat", §7 "Realtime socket"; ADR 018). Rules for callers:
 * - The room island calls `enterRoom(roomId, me)` on mount and the returned function on unmount: it opens the
 *   room (chat-room.ts), listens to its events and catches up after reconnects (chat-room-history.ts) until then.
 * - `chat_message` joins the list (and hides that sender's typing indicator); `chat_renamed`,
 *   `user_added_to_chat`, `user_removed_from_chat` and `user_left_chat` update the name, people and owner;
 *   `chat_message_removed` (a moderator's removal) takes the message off the screen.
 * - Being removed, or leaving from another tab (`left_chat`), takes the person to /chats (spec §4); so does
 *   losing a channel (`channels_changed` naming it: removed, or its community left, kicked, banned or deleted).
 */
import type { ChatPerson } from '../../shared/chat-types.ts';
import { $chatRoom, chatMe, dropMessage, openRoom, receiveMessage, setPeople } from './chat-room.ts';
import { watchReconnects } from './chat-room-history.ts';
import { setOpenRoom } from './chat-rooms.ts';
import { clearAllTypers, clearTyper, receiveTyping } from './chat-typing.ts';
import { watchChannel } from '../live/watching.ts';
import { onServerEvent } from '../socket.ts';
import { toast } from '../toasts.ts';

export const CHATS_PATH = '/chats';

const isOpen = (roomId: number) => $chatRoom.get().roomId === roomId;

let goingToList: Promise<void> | null = null;

/**
 * Back to the list (ClientRouter navigation, so the socket and the persisted islands stay). One navigation
 * however many ask: leaving calls it, and the server's `left_chat` reaches this tab too. A second navigation
 * would cut the first one's view transition short, which rejects it ("Transition was skipped").
 */
export function goToChatList(): Promise<void> {
  goingToList ??= import('astro:transitions/client').then(({ navigate }) => navigate(CHATS_PATH)).finally(() => (goingToList = null));
  return goingToList;
}

const withoutPerson = (id: number) => $chatRoom.get().participants.filter((p) => p.id !== id);

function watchRoomEvents(): Array<() => void> {
  return [
    onServerEvent('chat_message', (message) => {
      if (!isOpen(message.room_id)) return;
      clearTyper(message.sender_id);
      receiveMessage(message);
    }),
    onServerEvent('chat_message_removed', ({ room_id, message_id }) => dropMessage(room_id, message_id)),
    onServerEvent('chat_renamed', ({ room_id, new_name }) => isOpen(room_id) && $chatRoom.setKey('name', new_name)),
    onServerEvent('user_added_to_chat', ({ room_id, new_user, owner_id }) => {
      if (!isOpen(room_id)) return;
      setPeople(room_id, [...withoutPerson(new_user.id), new_user], owner_id);
    }),
    onServerEvent('user_removed_from_chat', ({ room_id, removed_user, owner_id }) => {
      if (!isOpen(room_id)) return;
      if (removed_user.id === chatMe()?.id) {
        toast.info(`You were removed from ${$chatRoom.get().name}`);
        void goToChatList();
        return;
      }
      setPeople(room_id, withoutPerson(removed_user.id), owner_id);
    }),
    onServerEvent('user_left_chat', ({ room_id, left_user, owner_id }) => {
      if (!isOpen(room_id)) return;
      clearTyper(left_user.id);
      setPeople(room_id, withoutPerson(left_user.id), owner_id);
    }),
    onServerEvent('left_chat', ({ room_id }) => isOpen(room_id) && void goToChatList()),
    onServerEvent('channels_changed', ({ removed_room_ids }) => {
      const open = $chatRoom.get().roomId;
      if (open === null || !removed_room_ids.includes(open)) return;
      toast.info(`#${$chatRoom.get().name} is no longer available to you`);
      void goToChatList();
    }),
    onServerEvent('typing', receiveTyping),
  ];
}

export function enterRoom(roomId: number, me: ChatPerson): () => void {
  const close = openRoom(roomId, me);
  const unsubscribe = [...watchRoomEvents(), watchReconnects(), watchChannel(roomId)];
  // The list and the nav badge must not count this room's messages as unread while it is on screen.
  setOpenRoom(roomId);
  return () => {
    setOpenRoom(null);
    for (const off of unsubscribe) off();
    clearAllTypers();
    close();
  };
}
