/**
 * NOTE: how live chat events change the chats list (spec §2 "Chats list", §4 "Chat"). Pure functions over the
 * `my-rooms` list, unit-tested; src/stores/chat/chat-rooms.ts applies them. Each returns the new list, or `null`
 * when the event names a room the list does not know (the caller refetches: it is new to this person).
 */
import type { ChannelCommunity, ChatMessage, ChatRoomSummary } from '../../shared/chat-types.ts';
import type { Channel } from '../../shared/community-types.ts';

export type MessageContext = {
  /** The signed-in person: their own message never counts as unread, and reads the room up to it. */
  myId: number | null;
  /** The room whose screen is open: it is being read, so its messages do not count as unread either. */
  openRoomId: number | null;
};

/** The room takes the message as its last one and moves to the top (newest activity first). */
export function applyMessage(rooms: ChatRoomSummary[], message: ChatMessage, context: MessageContext): ChatRoomSummary[] | null {
  const room = rooms.find((r) => r.id === message.room_id);
  if (!room) return null;
  const mine = message.sender_id === context.myId;
  const unseen = !mine && message.room_id !== context.openRoomId;
  const updated: ChatRoomSummary = {
    ...room,
    timestamp: message.timestamp,
    lastMessage: { content: message.content, message_type: message.message_type, sender_name: message.sender_name },
    // Sending marks the room read for the sender (the server moves their read mark to it; ADR 018).
    unread_count: mine ? 0 : room.unread_count + (unseen ? 1 : 0),
  };
  return [updated, ...rooms.filter((r) => r !== room)];
}

export function patchRoom(rooms: ChatRoomSummary[], roomId: number, change: Partial<ChatRoomSummary>): ChatRoomSummary[] | null {
  if (!rooms.some((r) => r.id === roomId)) return null;
  return rooms.map((r) => (r.id === roomId ? { ...r, ...change } : r));
}

export const dropRoom = (rooms: ChatRoomSummary[], roomId: number): ChatRoomSummary[] => rooms.filter((r) => r.id !== roomId);

/** Spec §2: the Chats badge counts rooms with unread messages, not messages, and leaves muted rooms out. */
export const unreadRoomCount = (rooms: ChatRoomSummary[]): number => rooms.filter((r) => r.unread_count > 0 && !r.muted).length;

/**
 * A community's channels added or removed (`channels_changed`): removed ones leave the list; an added one joins it
 * at the top, new and empty (it has no messages yet), unless the list has it already.
 */
export function applyChannels(
  rooms: ChatRoomSummary[],
  change: { community: ChannelCommunity; added: Channel[]; removed_room_ids: number[] },
  now: string,
): ChatRoomSummary[] {
  const kept = rooms.filter((r) => !change.removed_room_ids.includes(r.id));
  const fresh = change.added
    .filter((c) => !kept.some((r) => r.id === c.room_id))
    .map((c): ChatRoomSummary => ({
      id: c.room_id,
      name: c.name,
      is_group: true,
      muted: false,
      unread_count: 0,
      timestamp: now,
      lastMessage: null,
      community: change.community,
    }));
  return [...fresh, ...kept];
}
