import { afterEach, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, roomOf, roomsOf, say } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { idOf, nameOf, sql } from './support/social.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

const leave = (who: SignedUp, room: number | string, opts: { csrf?: boolean } = {}) =>
  who.client.post(`/api/chat/group/${room}/leave`, undefined, opts);
const listed = async (who: SignedUp) => (await roomsOf(who)).map((r) => r.id);

async function pair() {
  const [me, ann] = [await signUp(app.origin), await signUp(app.origin)];
  await befriend(me, ann);
  return { me, ann, room: await createDirect(me, ann) };
}

describe('leaving a 1-on-1', () => {
  it('hides it from the leaver only, read; both stay participants with the history; the leaver’s tabs hear left_chat', async () => {
    const { me, ann, room } = await pair();
    await say(ann, room, 'hello');
    await say(ann, room, 'you there?');
    const socket = await connectAs(me.client);
    const heard = nextEvent(socket, 'left_chat');
    const res = await leave(me, room);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ room_id: room });
    expect(await heard).toEqual({ room_id: room, left_user: { id: idOf(me), username: nameOf(me) } });

    expect(await listed(me)).not.toContain(room);
    expect(await listed(ann)).toContain(room);
    expect((await roomOf(ann, room)).messages.map((m) => m.content)).toEqual(['hello', 'you there?']);
    // Still a participant: the room opens by its link, and nothing in it is unread.
    expect((await roomOf(me, room)).participants.map((p) => p.id).sort()).toEqual([idOf(me), idOf(ann)].sort());
    const [row] = await sql<{ unread: boolean }>(
      app.database,
      `select p.last_read_message_id >= r.last_message_id as unread from chat_participants p join chat_rooms r on r.id = p.room_id
       where p.room_id = $1 and p.user_id = $2`,
      [room, idOf(me)],
    );
    expect(row).toEqual({ unread: true });
  });

  it('comes back when the other person writes, with that message unread', async () => {
    const { me, ann, room } = await pair();
    await say(me, room, 'bye for now');
    expect((await leave(me, room)).status).toBe(200);
    expect(await listed(me)).not.toContain(room);
    await say(ann, room, 'wait, one more thing');
    const back = (await roomsOf(me)).find((r) => r.id === room);
    expect(back).toMatchObject({ name: nameOf(ann), unread_count: 1, lastMessage: { content: 'wait, one more thing' } });
  });

  it('an empty 1-on-1 is hidden too; starting it again brings it back at once (same room)', async () => {
    const { me, ann, room } = await pair();
    expect((await leave(me, room)).status).toBe(200);
    expect(await listed(me)).not.toContain(room);
    expect(await createDirect(me, ann)).toBe(room);
    expect(await listed(me)).toContain(room);
    // Leaving twice is harmless, and the other person starting it does not un-hide it for you.
    expect((await leave(me, room)).status).toBe(200);
    expect((await leave(me, room)).status).toBe(200);
    expect(await createDirect(ann, me)).toBe(room);
    expect(await listed(me)).not.toContain(room);
  });

  it('refuses strangers, unknown and malformed ids (404) and a missing CSRF token (403); nothing changes', async () => {
    const { me, ann, room } = await pair();
    const stranger = await signUp(app.origin);
    expectError(await leave(stranger, room), 404, 'Chat not found');
    expectError(await leave(me, 99999999), 404, 'Chat not found');
    expectError(await leave(me, '99999999999999999999'), 404, 'Chat not found');
    expectError(await leave(me, room, { csrf: false }), 403);
    expect(await listed(me)).toContain(room);
    expect(await listed(ann)).toContain(room);
    const hidden = await sql(app.database, 'select 1 from chat_participants where room_id = $1 and hidden_through_message_id is not null', [
      room,
    ]);
    expect(hidden).toEqual([]);
  });

  it('leaving a group still removes you from it (unchanged)', async () => {
    const { me, ann } = await pair();
    const group = await createGroup(me, 'Duo', [ann]);
    expect((await leave(me, group)).status).toBe(200);
    expectError(await me.client.get(`/api/chat/messages/${group}`), 404);
    expect((await roomOf(ann, group)).participants.map((p) => p.id)).toEqual([idOf(ann)]);
  });
});
