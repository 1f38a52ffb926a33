/** The chats list and a community's channels: grouping (group-rooms.ts) and live changes (applyChannels). */
import { describe, expect, it } from 'vitest';
import { groupRooms } from '../../../src/islands/chat-list/group-rooms.ts';
import type { ChatRoomSummary } from '../../../src/shared/chat-types.ts';
import { applyChannels } from '../../../src/stores/chat/chat-room-list-reducers.ts';

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

describe('applyChannels', () => {
  const raiders = { slug: 'raiders', name: 'RAIDERS' };
  const now = '2026-11-27T15:00:00.000Z';

  it('puts an added channel at the top, empty, under its community; drops removed ones; leaves the rest alone', () => {
    const list = [room(1), room(2, 'raiders'), room(3)];
    const next = applyChannels(list, { community: raiders, added: [{ room_id: 9, name: 'clips' }], removed_room_ids: [2] }, now);
    expect(next.map((r) => r.id)).toEqual([9, 1, 3]);
    expect(next[0]).toEqual({ ...room(9, 'raiders'), name: 'clips', timestamp: now });
  });

  it('does not add a channel the list already has (an event heard twice)', () => {
    const list = [room(9, 'raiders'), room(1)];
    expect(applyChannels(list, { community: raiders, added: [{ room_id: 9, name: 'clips' }], removed_room_ids: [] }, now)).toEqual(list);
  });
});
