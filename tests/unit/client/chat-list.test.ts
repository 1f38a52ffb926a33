/**
 * The chats list's pure parts (spec §2 "Chats list" and the Chats badge, §4 "Chat"): how live events change the
 * list, what the badge counts, what a row says, and a community's channels: grouped under it, added and dropped
 * live.
 */
import { describe, expect, it } from 'vitest';
import { unreadText } from '../../../src/islands/chat-list/format.ts';
import { lastMessagePreview } from '../../../src/shared/chat-preview.ts';
import { groupRooms } from '../../../src/islands/chat-list/group-rooms.ts';
import type { ChatMessage, ChatRoomSummary } from '../../../src/shared/chat-types.ts';
import { applyChannels, applyMessage, dropRoom, patchRoom, unreadRoomCount } from '../../../src/stores/chat/chat-room-list-reducers.ts';

const room = (id: number, change: Partial<ChatRoomSummary> = {}): ChatRoomSummary => ({
  id,
  name: `room ${id}`,
  is_group: true,
  muted: false,
  unread_count: 0,
  timestamp: '2026-01-01T10:00:00.000Z',
  lastMessage: null,
  community: null,
  ...change,
});
const message = (change: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 50,
  room_id: 2,
  sender_id: 7,
  sender_name: 'zelda',
  message_type: 'text',
  content: 'gg',
  image_url: null,
  thumbnail_url: null,
  timestamp: '2026-01-02T10:00:00.000Z',
  client_id: null,
  ...change,
});
const others = { myId: 1, openRoomId: null };

describe('applyMessage', () => {
  it("takes the message as the room's last, counts it unread and moves the room to the top", () => {
    const next = applyMessage([room(1), room(2, { unread_count: 2 }), room(3)], message(), others);
    expect(next?.map((r) => r.id)).toEqual([2, 1, 3]);
    expect(next?.[0]).toMatchObject({
      unread_count: 3,
      timestamp: '2026-01-02T10:00:00.000Z',
      lastMessage: { content: 'gg', message_type: 'text', sender_name: 'zelda' },
    });
  });

  it('does not count messages in the room that is open; my own message reads the room up to it (as the server does)', () => {
    expect(applyMessage([room(2, { unread_count: 3 })], message({ sender_id: 1 }), others)?.[0]?.unread_count).toBe(0);
    expect(applyMessage([room(2)], message(), { myId: 1, openRoomId: 2 })?.[0]?.unread_count).toBe(0);
  });

  it('answers null for a room the list does not know (the caller reloads)', () => {
    expect(applyMessage([room(1)], message(), others)).toBeNull();
  });
});

describe('patchRoom, dropRoom and unreadRoomCount', () => {
  it('patches a known room, null for an unknown one; drops by id', () => {
    expect(patchRoom([room(1), room(2)], 2, { name: 'Raid night' })?.[1]?.name).toBe('Raid night');
    expect(patchRoom([room(1)], 9, { muted: true })).toBeNull();
    expect(dropRoom([room(1), room(2)], 1).map((r) => r.id)).toEqual([2]);
  });

  it('counts rooms with unread messages, not messages, and leaves muted rooms out', () => {
    expect(
      unreadRoomCount([room(1, { unread_count: 5 }), room(2, { unread_count: 1 }), room(3), room(4, { unread_count: 3, muted: true })]),
    ).toBe(2);
  });
});

describe('a row', () => {
  it("previews the last message: images as 'Photo', groups with who sent it ('You' for mine)", () => {
    const last = (content: string, message_type: 'text' | 'image', sender_name = 'zelda') => ({ content, message_type, sender_name });
    expect(lastMessagePreview({ is_group: false, lastMessage: null }, 'me')).toBe('No messages yet');
    expect(lastMessagePreview({ is_group: false, lastMessage: last('hi', 'text') }, 'me')).toBe('hi');
    expect(lastMessagePreview({ is_group: false, lastMessage: last('', 'image') }, 'me')).toBe('Photo');
    expect(lastMessagePreview({ is_group: true, lastMessage: last('look', 'image') }, 'me')).toBe('zelda: Photo: look');
    expect(lastMessagePreview({ is_group: true, lastMessage: last('on my way', 'text', 'me') }, 'me')).toBe('You: on my way');
  });

  it('hides the unread badge when muted or read, caps it at 99+', () => {
    expect(unreadText({ muted: true, unread_count: 4 })).toBeNull();
    expect(unreadText({ muted: false, unread_count: 0 })).toBeNull();
    expect(unreadText({ muted: false, unread_count: 4 })).toBe('4');
    expect(unreadText({ muted: false, unread_count: 150 })).toBe('99+');
  });
});

const raiders = { slug: 'raiders', name: 'Raiders' };
const owls = { slug: 'owls', name: 'Owls' };

describe('groupRooms', () => {
  it("gathers a community's channels where its most active one is, keeping every room's order", () => {
    const list = [
      room(1),
      room(2, { community: raiders }),
      room(3),
      room(4, { community: owls }),
      room(5, { community: raiders }),
      room(6),
    ];
    expect(
      groupRooms(list).map((e) => (e.kind === 'room' ? e.room.id : `${e.community.slug}:${e.rooms.map((r) => r.id).join(',')}`)),
    ).toEqual([1, 'raiders:2,5', 3, 'owls:4', 6]);
  });

  it('leaves a list without channels as it is', () => {
    expect(groupRooms([room(1), room(2)])).toEqual([
      { kind: 'room', room: room(1) },
      { kind: 'room', room: room(2) },
    ]);
  });
});

describe('applyChannels', () => {
  const now = '2026-11-27T15:00:00.000Z';

  it('puts an added channel at the top, empty, under its community; drops removed ones; leaves the rest alone', () => {
    const list = [room(1), room(2, { community: raiders }), room(3)];
    const next = applyChannels(list, { community: raiders, added: [{ room_id: 9, name: 'clips' }], removed_room_ids: [2] }, now);
    expect(next.map((r) => r.id)).toEqual([9, 1, 3]);
    expect(next[0]).toEqual(room(9, { name: 'clips', community: raiders, timestamp: now }));
  });

  it('does not add a channel the list already has (an event heard twice)', () => {
    const list = [room(9, { community: raiders }), room(1)];
    expect(applyChannels(list, { community: raiders, added: [{ room_id: 9, name: 'clips' }], removed_room_ids: [] }, now)).toEqual(list);
  });
});
