/** The chats list's grouping of a community's channels (group-rooms.ts). */
import { describe, expect, it } from 'vitest';
import { groupRooms } from '../../../src/islands/chat-list/group-rooms.ts';
import type { ChatRoomSummary } from '../../../src/shared/chat-types.ts';

const room = (id: number, community: string | null = null): ChatRoomSummary => ({
  id,
  name: `room ${id}`,
  is_group: true,
  muted: false,
  unread_count: 0,
  timestamp: '2026-01-01T10:00:00.000Z',
  lastMessage: null,
  community: community === null ? null : { slug: community, name: community.toUpperCase() },
});

describe('groupRooms', () => {
  it("gathers a community's channels where its most active one is, keeping every room's order", () => {
    const entries = groupRooms([room(1), room(2, 'raiders'), room(3), room(4, 'owls'), room(5, 'raiders'), room(6)]);
    expect(entries.map((e) => (e.kind === 'room' ? e.room.id : `${e.community.slug}:${e.rooms.map((r) => r.id).join(',')}`))).toEqual([
      1,
      'raiders:2,5',
      3,
      'owls:4',
      6,
    ]);
  });

  it('leaves a list without channels as it is', () => {
    expect(groupRooms([room(1), room(2)])).toEqual([
      { kind: 'room', room: room(1) },
      { kind: 'room', room: room(2) },
    ]);
  });
});
