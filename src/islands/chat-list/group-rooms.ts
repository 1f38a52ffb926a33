/**
 * The chats list's order with channels grouped (ADR 049): rooms stay newest activity first, and a community's
 * channels gather under it where its most active channel would be, keeping their own order.
 */
import type { ChannelCommunity, ChatRoomSummary } from '../../shared/chat-types.ts';

export type ListEntry =
  { kind: 'room'; room: ChatRoomSummary } | { kind: 'community'; community: ChannelCommunity; rooms: ChatRoomSummary[] };

export function groupRooms(rooms: ChatRoomSummary[]): ListEntry[] {
  const entries: ListEntry[] = [];
  const groups = new Map<string, ChatRoomSummary[]>();
  for (const room of rooms) {
    if (!room.community) {
      entries.push({ kind: 'room', room });
      continue;
    }
    const group = groups.get(room.community.slug);
    if (group) group.push(room);
    else {
      const fresh = [room];
      groups.set(room.community.slug, fresh);
      entries.push({ kind: 'community', community: room.community, rooms: fresh });
    }
  }
  return entries;
}
