import { afterEach, describe, expect, it } from 'vitest';
import type { ParticipantsResponse } from '../../src/shared/chat-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, imageMessageForm, roomOf, roomsOf, say, sendImage } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { fixture, storedFiles } from './support/media.ts';
import { useTestServer } from './support/server.ts';
import { idOf, nameOf, sql } from './support/social.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

const person = (who: SignedUp) => ({ id: idOf(who), username: nameOf(who) });
const add = (by: SignedUp, room: number, who: SignedUp | number) =>
  by.client.post<ParticipantsResponse>(`/api/chat/group/${room}/add`, { user_id: typeof who === 'number' ? who : idOf(who) });
const remove = (by: SignedUp, room: number, who: SignedUp) =>
  by.client.post<ParticipantsResponse>(`/api/chat/group/${room}/remove`, { user_id: idOf(who) });
const leave = (who: SignedUp, room: number) => who.client.post(`/api/chat/group/${room}/leave`);

/** owner, ann and bob in a group; everyone is friends with everyone. */
async function squad() {
  const [owner, ann, bob] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
  await befriend(owner, ann, bob);
  await befriend(ann, bob);
  return { owner, ann, bob, room: await createGroup(owner, 'Squad', [ann, bob]) };
}

describe('rename', () => {
  it('any participant renames a group; every participant hears chat_renamed; blank names and 1-on-1 rooms are refused', async () => {
    const { owner, ann, bob, room } = await squad();
    const [ownerSocket, bobSocket] = [await connectAs(owner.client), await connectAs(bob.client)];
    const heard = [nextEvent(ownerSocket, 'chat_renamed'), nextEvent(bobSocket, 'chat_renamed')];
    const res = await ann.client.put(`/api/chat/rename-group/${room}`, { name: ' Late Raid ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ room_id: room, name: 'Late Raid' });
    for (const event of await Promise.all(heard)) expect(event).toEqual({ room_id: room, new_name: 'Late Raid' });
    expect((await roomOf(bob, room)).room_name).toBe('Late Raid');

    expectError(await ann.client.put(`/api/chat/rename-group/${room}`, { name: '  ' }), 400, 'Chat name is required');
    expectError(await ann.client.put(`/api/chat/rename-group/${room}`, {}), 400, 'Chat name is required');
    const direct = await createDirect(ann, bob);
    expectError(await ann.client.put(`/api/chat/rename-group/${direct}`, { name: 'x' }), 400, 'Only group chats can be changed this way');
  });
});

describe('add', () => {
  it('a participant adds their own friend; everyone (the newcomer too) hears user_added_to_chat; the history counts as read', async () => {
    const { owner, ann, room } = await squad();
    const cat = await signUp(app.origin);
    await befriend(ann, cat);
    await say(owner, room, 'before cat');
    const [ownerSocket, catSocket] = [await connectAs(owner.client), await connectAs(cat.client)];
    const heard = [nextEvent(ownerSocket, 'user_added_to_chat'), nextEvent(catSocket, 'user_added_to_chat')];
    const res = await add(ann, room, cat);
    expect(res.status, res.text).toBe(200);
    expect(res.body.participants.map((p) => p.id)).toEqual([...(await roomOf(owner, room)).participants.map((p) => p.id)]);
    for (const event of await Promise.all(heard)) expect(event).toEqual({ room_id: room, new_user: person(cat), owner_id: idOf(owner) });
    const catsRoom = (await roomsOf(cat)).find((r) => r.id === room);
    expect(catsRoom).toMatchObject({ name: 'Squad', unread_count: 0 });
    expect((await roomOf(cat, room)).messages.map((m) => m.content)).toEqual(['before cat']);
  });

  it('refuses strangers (not your friend, even if someone else’s), people already in, unknown ids and 1-on-1 rooms', async () => {
    const { owner, ann, bob, room } = await squad();
    const [ownersFriend, nobody] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(owner, ownersFriend);
    expectError(await add(ann, room, ownersFriend), 403, 'You can only chat with your friends');
    expectError(await add(ann, room, nobody), 403, 'You can only chat with your friends');
    expectError(await add(ann, room, 99999999), 403, 'You can only chat with your friends');
    expectError(await add(ann, room, bob), 409, 'Already in this chat');
    expectError(await ann.client.post(`/api/chat/group/${room}/add`, { user_id: 'x' }), 400, /user_id/);
    expectError(await add(ann, await createDirect(ann, bob), owner), 400, 'Only group chats can be changed this way');
    expect((await roomOf(owner, room)).participants).toHaveLength(3);
  });
});

describe('remove', () => {
  it('only the owner removes, never themselves; the removed person hears it, then the room is gone for them', async () => {
    const { owner, ann, bob, room } = await squad();
    expectError(await remove(ann, room, bob), 403, 'Only the group owner can remove people');
    expectError(await remove(owner, room, owner), 400, 'Use Leave Group to leave the group');
    const [annSocket, bobSocket] = [await connectAs(ann.client), await connectAs(bob.client)];
    const heard = [nextEvent(annSocket, 'user_removed_from_chat'), nextEvent(bobSocket, 'user_removed_from_chat')];
    const res = await remove(owner, room, bob);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ participants: [person(owner), person(ann)], owner_id: idOf(owner) });
    for (const event of await Promise.all(heard))
      expect(event).toEqual({ room_id: room, removed_user: person(bob), owner_id: idOf(owner) });

    expectError(await bob.client.get(`/api/chat/messages/${room}`), 404, 'Chat not found');
    expectError(await bob.client.post('/api/chat/send-message', { room_id: room, content: 'still here?' }), 404, 'Chat not found');
    expect(await roomsOf(bob)).toEqual([]);
    const bobHears = nextEvent(bobSocket, 'chat_message', 300);
    await say(owner, room, 'without bob');
    expect(await bobHears).toBe('timeout');
    expectError(await remove(owner, room, bob), 404, 'That person is not in this chat');
  });
});

describe('leave', () => {
  it('the leaver’s tabs hear left_chat, the others user_left_chat; ownership passes to the longest-standing participant', async () => {
    const { owner, ann, bob, room } = await squad();
    const [ownerOtherTab, annSocket] = [await connectAs(owner.client), await connectAs(ann.client)];
    const left = nextEvent(ownerOtherTab, 'left_chat');
    const annHears = nextEvent(annSocket, 'user_left_chat');
    const res = await leave(owner, room);
    expect(res.status, res.text).toBe(200);
    expect(await left).toEqual({ room_id: room, left_user: person(owner) });
    expect(await annHears).toEqual({ room_id: room, left_user: person(owner), owner_id: idOf(ann) });
    expect((await roomOf(bob, room)).owner_id).toBe(idOf(ann));
    expectError(await owner.client.get(`/api/chat/messages/${room}`), 404);
    // The new owner can now remove; the old rules still hold for the rest.
    expectError(await remove(bob, room, ann), 403);
    expect((await remove(ann, room, bob)).status).toBe(200);
  });

  it('when the last person leaves, the room, its messages and its image files are gone', async () => {
    const [me, ann] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(me, ann);
    const room = await createGroup(me, 'Short lived', [ann]);
    const before = await storedFiles(app.dataDir);
    expect((await sendImage(me, imageMessageForm(room, await fixture('avatar-400.png'), 'a.png', 'image/png'))).status).toBe(201);
    expect((await storedFiles(app.dataDir)).length).toBe(before.length + 2);
    expect((await leave(ann, room)).status).toBe(200);
    expect((await leave(me, room)).status).toBe(200);
    expect(await sql(app.database, 'select id from chat_rooms where id = $1', [room])).toEqual([]);
    expect(await sql(app.database, 'select id from chat_messages where room_id = $1', [room])).toEqual([]);
    expect(await storedFiles(app.dataDir)).toEqual(before);
  });
});
