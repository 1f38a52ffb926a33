/**
 * DELETE /api/account: after it, no row of any table references the user (every column with a foreign key to
 * users is found through information_schema, so a table added later is checked too) and none of their files is
 * left in the storage; other people's data stays; chat text stays from 'Deleted user'; the username is reserved.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MediaItem } from '../../src/shared/api-types.ts';
import { DELETED_USER_NAME } from '../../src/shared/chat-types.ts';
import { USERNAME_COOLING_OFF_DAYS } from '../../src/shared/schemas/account.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, imageMessageForm, roomOf, say, sendImage } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { newVisitor } from './support/http-client.ts';
import { fixture, isStored, post } from './support/media.ts';
import { imageForm } from './support/pictures.ts';
import { useTestServer } from './support/server.ts';
import { ask, idOf, nameOf, sql } from './support/social.ts';
import { closeAllSockets, connectAs, nextDisconnect, nextEvent } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

const deleteAccount = (who: SignedUp, password = who.registration.password, opts: { csrf?: boolean } = {}) =>
  who.client.delete<{ message: string }>('/api/account', { password }, opts);

/** Every (table, column) with a foreign key to users.id, read from the schema itself. */
async function userColumns(): Promise<Array<{ table_name: string; column_name: string }>> {
  return sql(
    app.database,
    `select distinct kcu.table_name, kcu.column_name
     from information_schema.table_constraints tc
     join information_schema.key_column_usage kcu on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
     join information_schema.constraint_column_usage ccu on ccu.constraint_schema = tc.constraint_schema and ccu.constraint_name = tc.constraint_name
     where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users' and ccu.column_name = 'id' and tc.table_schema = 'public'
     order by 1, 2`,
  );
}

/** 'table.column' for every place that still references the user. */
async function referencesTo(userId: number): Promise<string[]> {
  const found: string[] = [];
  for (const { table_name, column_name } of await userColumns()) {
    const [row] = await sql<{ n: number }>(app.database, `select count(*)::int as n from "${table_name}" where "${column_name}" = $1`, [
      userId,
    ]);
    if (row!.n > 0) found.push(`${table_name}.${column_name}`);
  }
  const [user] = await sql<{ n: number }>(app.database, 'select count(*)::int as n from users where id = $1', [userId]);
  if (user!.n > 0) found.push('users.id');
  return found;
}

/** Every storage key of this user's posts and chat images. */
async function storageKeysOf(userId: number): Promise<string[]> {
  const rows = await sql<{ key: string }>(
    app.database,
    `select k as key from (
       select unnest(array[file_key, thumb_key]) as k from media where user_id = $1
       union all select unnest(array[image_key, thumb_key]) from chat_messages where sender_id = $1) keys
     where k is not null`,
    [userId],
  );
  return rows.map((r) => r.key);
}

const exists = (key: string) => isStored(app.dataDir, key);

/** ann with everything an account can have, among ben, cat and dan. */
async function busyAccount() {
  const [ann, ben, cat, dan] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
  const picture = await ann.client.upload('/api/profile/picture', imageForm(await fixture('avatar-400.png'), 'a.png', 'image/png'));
  expect(picture.status, picture.text).toBe(200);
  expect((await ann.client.put('/api/profile/discord', { discord_username: 'ann#1' })).status).toBe(200);
  const annPhoto = await post(ann, 'photo-1200x800.jpg', 'my photo');
  await post(ann, 'clip-6s-480x270.mp4', 'my clip');
  const benPost: MediaItem = await post(ben, 'avatar-400.png', 'ben post');
  await befriend(ann, ben, cat);
  await befriend(ben, cat);
  expect((await ask(ann, dan)).status).toBe(201);
  expect((await cat.client.post(`/api/profile/@${nameOf(ann)}/follow`)).status).toBe(200);
  expect((await dan.client.post(`/api/profile/@${nameOf(ann)}/block`)).status).toBe(200);
  // Activity both ways: ann on ben's post, ben on ann's.
  expect((await ann.client.post(`/api/media/${benPost.id}/like`)).status).toBe(200);
  expect((await ann.client.post(`/api/media/${benPost.id}/comments`, { content: 'nice' })).status).toBe(201);
  expect((await ben.client.post(`/api/media/${annPhoto.id}/like`)).status).toBe(200);
  expect((await ben.client.post(`/api/media/${annPhoto.id}/comments`, { content: 'wow' })).status).toBe(201);
  // Chat: a 1-on-1, a group ann owns with ben and cat, and a group only ann will be left in.
  const direct = await createDirect(ann, ben);
  await say(ann, direct, 'hi ben');
  const image = await sendImage(ann, imageMessageForm(direct, await fixture('photo-1200x800.jpg'), 'p.jpg', 'image/jpeg'));
  expect(image.status, image.text).toBe(201);
  await say(ben, direct, 'hi ann');
  const trio = await createGroup(ann, 'Trio', [ben, cat]);
  await say(ann, trio, 'hello trio');
  expect((await sendImage(ann, imageMessageForm(trio, await fixture('avatar-400.png'), 'a.png', 'image/png'))).status).toBe(201);
  await say(cat, trio, 'hey');
  const lonely = await createGroup(ann, 'Lonely', [ben]);
  expect((await sendImage(ben, imageMessageForm(lonely, await fixture('avatar-400.png'), 'a.png', 'image/png'))).status).toBe(201);
  expect((await ben.client.post(`/api/chat/group/${lonely}/leave`)).status).toBe(200);
  // Reports by and about ann, and an audit row naming her (written directly: their calls live elsewhere).
  await sql(
    app.database,
    `insert into reports (reporter_id, target_type, target_id, target_user_id, reason) values ($1::int, 'user', $2::int, $2::int, 'spam'), ($2::int, 'user', $1::int, $1::int, 'spam')`,
    [idOf(ann), idOf(ben)],
  );
  await sql(
    app.database,
    `insert into moderation_actions (actor_id, action, target_user_id, target_username) values ($1, 'dismiss', $2, $3)`,
    [idOf(ben), idOf(ann), nameOf(ann)],
  );
  return { ann, ben, cat, dan, benPost, direct, trio, lonely };
}

describe('DELETE /api/account', () => {
  it('removes every row and file of the user, keeps everyone else’s, and leaves chat text from Deleted user', async () => {
    const { ann, ben, cat, benPost, direct, trio, lonely } = await busyAccount();
    const annId = idOf(ann);
    const annKeys = await storageKeysOf(annId);
    expect(annKeys.length).toBeGreaterThanOrEqual(6);
    // Files of a room nobody will be left in go with it, whoever sent them.
    const lonelyKeys = (
      await sql<{ k: string }>(app.database, 'select unnest(array[image_key, thumb_key]) as k from chat_messages where room_id = $1', [
        lonely,
      ])
    ).map((r) => r.k);
    const benKeys = (await storageKeysOf(idOf(ben))).filter((k) => !lonelyKeys.includes(k));
    expect(await referencesTo(annId)).toEqual(expect.arrayContaining(['media.user_id', 'friendships.requester_id', 'reports.reporter_id']));

    const annSocket = await connectAs(ann.client);
    const benSocket = await connectAs(ben.client);
    const dropped = nextDisconnect(annSocket, 3000);
    const heard = nextEvent(benSocket, 'user_left_chat', 3000);
    const res = await deleteAccount(ann);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Your account was deleted' });
    expect(res.headers.getSetCookie().some((c) => /sp_session=;.*Max-Age=0/.test(c))).toBe(true);
    expect(await dropped).not.toBe('timeout');
    expect(await heard).toEqual({ room_id: trio, left_user: { id: annId, username: nameOf(ann) }, owner_id: idOf(ben) });
    expect((await ann.client.get('/api/auth/verify')).status).toBe(401);

    expect(await referencesTo(annId)).toEqual([]);
    for (const key of [...annKeys, ...lonelyKeys]) expect(await exists(key), key).toBe(false);
    for (const key of benKeys) expect(await exists(key), key).toBe(true);
    const leftovers = await sql(app.database, `select key from rate_limits where key ~ $1`, [`:${annId}(:|$)`]);
    expect(leftovers).toEqual([]);

    // Ben's post keeps its own data; ann's like and comment no longer count.
    const seen = await ben.client.get<MediaItem>(`/api/media/${benPost.id}`);
    expect(seen.status).toBe(200);
    expect([seen.body.likes, seen.body.comment_count, seen.body.comments]).toEqual([0, 0, []]);
    // The 1-on-1: ann's text stays from Deleted user, her image is gone, ben's message is untouched.
    const room = await roomOf(ben, direct);
    expect(room.messages.map((m) => [m.sender_name, m.sender_id, m.content, m.message_type])).toEqual([
      [DELETED_USER_NAME, 0, 'hi ben', 'text'],
      [nameOf(ben), idOf(ben), 'hi ann', 'text'],
    ]);
    const trioNow = await roomOf(cat, trio);
    expect(trioNow.participants.map((p) => p.id).sort()).toEqual([idOf(ben), idOf(cat)].sort());
    expect(trioNow.owner_id).toBe(idOf(ben));
    expect(trioNow.messages.map((m) => [m.sender_name, m.content])).toEqual([
      [DELETED_USER_NAME, 'hello trio'],
      [nameOf(cat), 'hey'],
    ]);
    expect(await sql(app.database, 'select id from chat_rooms where id = $1', [lonely])).toEqual([]);
    // The audit log keeps its row, with the id cleared and the name it was written with.
    const audit = await sql(app.database, 'select actor_id, target_user_id, target_username from moderation_actions');
    expect(audit).toEqual([{ actor_id: idOf(ben), target_user_id: null, target_username: nameOf(ann) }]);

    // Once ben goes too, the 1-on-1 has nobody left and goes; cat keeps the group, now theirs.
    expect((await deleteAccount(ben)).status).toBe(200);
    expect(await sql(app.database, 'select id from chat_rooms where id = $1', [direct])).toEqual([]);
    expect((await roomOf(cat, trio)).owner_id).toBe(idOf(cat));
  });

  it(`reserves the username for ${USERNAME_COOLING_OFF_DAYS} days, then lets it be registered again`, async () => {
    const ann = await signUp(app.origin);
    expect((await deleteAccount(ann)).status).toBe(200);
    const [retired] = await sql<{ days: number }>(
      app.database,
      `select round(extract(epoch from free_at - now()) / 86400)::int as days from retired_usernames where username_lower = $1`,
      [nameOf(ann).toLowerCase()],
    );
    expect(retired?.days).toBe(USERNAME_COOLING_OFF_DAYS);
    const again = { ...ann.registration, username: nameOf(ann).toUpperCase(), email: `again-${ann.registration.email}` };
    const visitor = await newVisitor(app.origin);
    expectError(await visitor.post('/api/auth/register', again), 409, 'Username is already taken');
    await sql(app.database, `update retired_usernames set free_at = now() - interval '1 second' where username_lower = $1`, [
      nameOf(ann).toLowerCase(),
    ]);
    expect((await visitor.post('/api/auth/register', again)).status).toBe(201);
  });

  it("clears its own sign-in counters only: an '_' in the email matches no one else's", async () => {
    const tag = Math.random().toString(36).slice(2, 10);
    const ann = await signUp(app.origin, { email: `a_${tag}@example.com` });
    const keys = [`login:acct-ip:a_${tag}@example.com|203.0.113.9`, `login:acct-ip:ab${tag}@example.com|203.0.113.9`];
    for (const key of keys) {
      await sql(app.database, `insert into rate_limits (key, count, window_ends_at) values ($1, 3, now() + interval '10 minutes')`, [key]);
    }
    expect((await deleteAccount(ann)).status).toBe(200);
    const left = await sql<{ key: string }>(app.database, 'select key from rate_limits where key = any($1)', [keys]);
    expect(left.map((r) => r.key)).toEqual([keys[1]]);
  });

  it('keeps everything, files included, when the deletion fails before its commit', async () => {
    const ann = await signUp(app.origin);
    const item = await post(ann, 'photo-1200x800.jpg');
    const keys = await storageKeysOf(idOf(ann));
    await sql(
      app.database,
      `create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$;
       create trigger refuse_delete before delete on users for each row when (old.id = ${idOf(ann)}) execute function refuse_delete()`,
    );
    try {
      expect((await deleteAccount(ann)).status).toBe(500);
    } finally {
      await sql(app.database, 'drop trigger refuse_delete on users; drop function refuse_delete()');
    }
    expect(await sql(app.database, 'select id from media where id = $1', [item.id])).toEqual([{ id: item.id }]);
    for (const key of keys) expect(await exists(key), key).toBe(true);
    expect(await sql(app.database, 'select 1 from retired_usernames where username_lower = $1', [nameOf(ann).toLowerCase()])).toEqual([]);
  });

  it('refuses a wrong password (403, then 429), a missing CSRF token, bad input and signed-out callers', async () => {
    const ann = await signUp(app.origin);
    for (let i = 0; i < 5; i++) expectError(await deleteAccount(ann, 'not my password'), 403, 'Password is incorrect');
    const limited = await deleteAccount(ann, 'not my password');
    expectError(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const ben = await signUp(app.origin);
    expectError(await deleteAccount(ben, ben.registration.password, { csrf: false }), 403);
    expectError(await ben.client.delete('/api/account', {}), 400, 'Password is required');
    expectError(await (await newVisitor(app.origin)).delete('/api/account', { password: 'whatever123' }), 401);
    expect(await referencesTo(idOf(ben))).toContain('users.id');
    expect(await referencesTo(idOf(ann))).toContain('users.id');
  });
});
