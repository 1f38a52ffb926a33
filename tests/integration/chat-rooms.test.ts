import { afterEach, describe, expect, it } from 'vitest';
import type { CreateRoomResponse, ParticipantsResponse } from '../../src/shared/chat-types.ts';
import { CHAT_PAGE_SIZE } from '../../src/shared/constants.ts';
import { signUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, roomOf, roomsOf, say } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { idOf, nameOf } from './support/social.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

const create = (who: Awaited<ReturnType<typeof signUp>>, body: unknown) =>
  who.client.post<CreateRoomResponse>('/api/chat/create-room', body);

describe('POST /api/chat/create-room', () => {
  it('creates a group with friends and a 1-on-1; asking for the same 1-on-1 again (from either side) answers the same room', async () => {
    const [me, ann, bob] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    await befriend(me, ann, bob);
    const group = await create(me, { name: '  Raid night  ', user_ids: [idOf(ann), idOf(bob), idOf(ann)], is_group: true });
    expect(group.status, group.text).toBe(201);
    expect(group.body).toEqual({ room_id: expect.any(Number), created: true });
    const detail = await roomOf(me, group.body.room_id);
    expect(detail).toMatchObject({
      room_name: 'Raid night',
      is_group: true,
      muted: false,
      owner_id: idOf(me),
      messages: [],
      has_more: false,
    });
    expect(detail.participants.map((p) => p.username)).toEqual([nameOf(me), nameOf(ann), nameOf(bob)]);

    const direct = await create(me, { name: '', user_ids: [idOf(ann)], is_group: false });
    expect(direct.status).toBe(201);
    expect((await roomOf(me, direct.body.room_id)).room_name).toBe(nameOf(ann));
    expect((await roomOf(ann, direct.body.room_id)).room_name).toBe(nameOf(me));
    const again = await create(ann, { user_ids: [idOf(me)], is_group: false });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ room_id: direct.body.room_id, created: false });
  });

  it('refuses blank names, no one chosen, two people for a 1-on-1, yourself, strangers and pending requests', async () => {
    const [me, friend, stranger, pending] = [
      await signUp(app.origin),
      await signUp(app.origin),
      await signUp(app.origin),
      await signUp(app.origin),
    ];
    await befriend(me, friend);
    await me.client.post('/api/friends/request', { username: nameOf(pending) });
    expectError(await create(me, { name: '   ', user_ids: [idOf(friend)], is_group: true }), 400, 'Chat name is required');
    expectError(await create(me, { name: 'x', user_ids: [], is_group: true }), 400, 'Select at least one friend');
    expectError(
      await create(me, { user_ids: [idOf(friend), idOf(stranger)], is_group: false }),
      400,
      'Select one friend for a 1-on-1 chat',
    );
    expectError(await create(me, { name: 'x', user_ids: ['1x'], is_group: true }), 400, /user_ids entry/);
    expectError(await create(me, { name: 'x', user_ids: [idOf(friend)] }), 400, /is_group/);
    expectError(await create(me, { name: 'x'.repeat(81), user_ids: [idOf(friend)], is_group: true }), 400, /at most 80/);
    expectError(await create(me, { name: 'x', user_ids: [idOf(me)], is_group: true }), 400, /always in your own chats/);
    expectError(
      await create(me, { name: 'x', user_ids: [idOf(friend), idOf(stranger)], is_group: true }),
      403,
      'You can only chat with your friends',
    );
    expectError(await create(me, { user_ids: [idOf(pending)], is_group: false }), 403, 'You can only chat with your friends');
    expectError(await create(me, { user_ids: [999999], is_group: false }), 403, 'You can only chat with your friends');
    expect(await roomsOf(me)).toEqual([]);
  });
});

describe('GET /api/chat/my-rooms', () => {
  it('lists rooms newest activity first with unread counts (others’ messages after your last read or reply) and the last message', async () => {
    const [me, ann, bob] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    await befriend(me, ann, bob);
    await befriend(ann, bob);
    const group = await createGroup(ann, 'Squad', [me, bob]);
    const direct = await createDirect(bob, me);
    await say(ann, group, 'one');
    await say(bob, group, 'two');
    await say(bob, direct, 'hi there');
    await say(me, direct, 'hello');

    const rooms = await roomsOf(me);
    expect(rooms.map((r) => r.id)).toEqual([direct, group]);
    // Replying reads what came before it.
    expect(rooms[0]).toMatchObject({ name: nameOf(bob), is_group: false, muted: false, unread_count: 0 });
    expect(rooms[0]!.lastMessage).toEqual({ content: 'hello', message_type: 'text', sender_name: nameOf(me) });
    expect(rooms[1]).toMatchObject({ name: 'Squad', is_group: true, unread_count: 2 });
    expect(Date.parse(rooms[0]!.timestamp)).toBeGreaterThanOrEqual(Date.parse(rooms[1]!.timestamp));

    await say(ann, group, 'three');
    expect((await roomsOf(me)).map((r) => [r.id, r.unread_count])).toEqual([
      [group, 3],
      [direct, 0],
    ]);
    await say(bob, group, 'four');
    expect((await roomsOf(ann)).find((r) => r.id === group)?.unread_count).toBe(1); // bob's 'four'; her own never count
  });

  it('mark-all-read zeroes the room for the reader only and tells the reader’s sockets; toggle-mute flips and answers muted', async () => {
    const [me, ann] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(me, ann);
    const room = await createDirect(me, ann);
    await say(ann, room, 'ping');
    const [mine, hers] = [await connectAs(me.client), await connectAs(ann.client)];
    const read = nextEvent(mine, 'mark_all_read');
    const herRead = nextEvent(hers, 'mark_all_read', 300);
    const res = await me.client.post(`/api/chat/mark-all-read/${room}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ room_id: room, unread_count: 0 });
    expect(await read).toEqual({ room_id: room });
    expect(await herRead).toBe('timeout');
    expect((await roomsOf(me))[0]!.unread_count).toBe(0);

    expect((await me.client.post(`/api/chat/toggle-mute/${room}`)).body).toEqual({ muted: true });
    expect((await roomsOf(me))[0]!.muted).toBe(true);
    expect((await roomsOf(ann))[0]!.muted).toBe(false);
    expect((await roomOf(me, room)).muted).toBe(true);
    expect((await me.client.post(`/api/chat/toggle-mute/${room}`)).body).toEqual({ muted: false });
  });
});

describe('GET /api/chat/messages/{roomId}', () => {
  it('answers the newest page oldest first; before pages back to the start; after catches up in order', async () => {
    const [me, ann] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(me, ann);
    const room = await createDirect(me, ann);
    const sent = [];
    for (let i = 1; i <= CHAT_PAGE_SIZE + 5; i++) sent.push(await say(i % 2 ? me : ann, room, `m${i}`));

    const newest = await roomOf(ann, room);
    expect(newest.messages.map((m) => m.content)).toEqual(sent.slice(5).map((m) => m.content));
    expect(newest.has_more).toBe(true);
    expect(newest.messages[0]).toEqual({
      id: sent[5]!.id,
      room_id: room,
      sender_id: idOf(ann),
      sender_name: nameOf(ann),
      message_type: 'text',
      content: 'm6',
      image_url: null,
      thumbnail_url: null,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      client_id: null,
    });
    const older = await roomOf(ann, room, `?before=${newest.messages[0]!.id}`);
    expect(older.messages.map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(older.has_more).toBe(false);
    const after = await roomOf(ann, room, `?after=${sent[30]!.id}&limit=3`);
    expect(after.messages.map((m) => m.content)).toEqual(['m32', 'm33', 'm34']);
    expect(after.has_more).toBe(true);

    expectError(await ann.client.get(`/api/chat/messages/${room}?before=1&after=1`), 400, 'Use before or after, not both');
    expectError(await ann.client.get(`/api/chat/messages/${room}?limit=1000`), 400, /at most 100/);
    expectError(await ann.client.get(`/api/chat/messages/${room}?before=abc`), 400, /before/);
  });
});

describe('strangers', () => {
  it('get 404 for every call on a room they are not in, and nothing changes', async () => {
    const [me, ann, stranger] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    await befriend(me, ann);
    await befriend(stranger, ann);
    const room = await createGroup(me, 'Private', [ann]);
    await say(me, room, 'secret');
    const c = stranger.client;
    for (const res of [
      await c.get(`/api/chat/messages/${room}`),
      await c.get(`/api/chat/participants/${room}`),
      await c.post('/api/chat/send-message', { room_id: room, content: 'let me in' }),
      await c.post(`/api/chat/mark-all-read/${room}`),
      await c.put(`/api/chat/rename-group/${room}`, { name: 'Mine now' }),
      await c.post(`/api/chat/toggle-mute/${room}`),
      await c.post(`/api/chat/group/${room}/add`, { user_id: idOf(stranger) }),
      await c.post(`/api/chat/group/${room}/remove`, { user_id: idOf(ann) }),
      await c.post(`/api/chat/group/${room}/leave`),
      await c.get('/api/chat/messages/99999999'),
      await c.get('/api/chat/messages/99999999999'),
      await c.post('/api/chat/toggle-mute/9007199254740993'),
      await c.get('/api/chat/messages/abc'),
    ]) {
      expectError(res, 404, 'Chat not found');
    }
    const detail = await roomOf(me, room);
    expect(detail.room_name).toBe('Private');
    expect(detail.messages.map((m) => m.content)).toEqual(['secret']);
    expect(detail.participants.map((p) => p.id)).toEqual([idOf(me), idOf(ann)]);
    expect(await roomsOf(stranger)).toEqual([]);
    const participants = await me.client.get<ParticipantsResponse>(`/api/chat/participants/${room}`);
    expect(participants.body).toEqual({ participants: detail.participants, owner_id: idOf(me) });
  });

  it('ids beyond any stored id are refused as unknown, never a server error', async () => {
    const [me, ann] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(me, ann);
    const room = await createGroup(me, 'Big ids', [ann]);
    const huge = 99_999_999_999;
    expectError(await me.client.post('/api/chat/send-message', { room_id: huge, content: 'x' }), 400, 'room_id is not a known id');
    expectError(await create(me, { name: 'x', user_ids: [huge], is_group: true }), 400, 'user_ids entry is not a known id');
    expectError(await me.client.post(`/api/chat/group/${room}/add`, { user_id: huge }), 400, 'user_id is not a known id');
    expectError(await me.client.post(`/api/chat/group/${room}/remove`, { user_id: huge }), 400, 'user_id is not a known id');
    expectError(await me.client.get(`/api/chat/image/${huge * 1000}/original`), 404);
  });

  it('signed-out callers get 401 and a missing CSRF token 403', async () => {
    const me = await signUp(app.origin);
    expectError(await me.client.post('/api/chat/create-room', { name: 'x', user_ids: [1], is_group: true }, { csrf: false }), 403);
    await me.client.post('/api/auth/logout');
    expectError(await me.client.get('/api/chat/my-rooms'), 401);
  });
});
