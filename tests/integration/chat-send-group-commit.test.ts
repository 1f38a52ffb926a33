/**
 * Sends arriving together are stored by one statement (group commit), and each keeps the rules of a send alone:
 * its own membership and block verdict, the client_id dedupe (also within one batch), ids in arrival order, the
 * room's latest message and the sender's read mark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createMessageStore, type NewMessage } from '../../src/server/services/chat/chat-send.queries.ts';
import { signUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, roomsOf } from './support/chat.ts';
import { useTestServer } from './support/server.ts';
import { block, idOf, sql } from './support/social.ts';

const app = useTestServer();
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: app.database.url, dataDir: '', log: createLogger('silent') });
});
afterAll(() => database.close());

const text = (roomId: number, senderId: number, content: string, clientId: string | null = null): NewMessage => ({
  roomId,
  senderId,
  messageType: 'text',
  content,
  clientId,
  imageKey: null,
  thumbKey: null,
  limit: null,
});

describe('sends submitted in the same turn', () => {
  it('share one statement yet each is checked, deduplicated and numbered on its own, in arrival order', async () => {
    const [me, ann, bob, stranger] = [
      await signUp(app.origin),
      await signUp(app.origin),
      await signUp(app.origin),
      await signUp(app.origin),
    ];
    await befriend(me, ann, bob);
    const group = await createGroup(me, 'batch', [ann]);
    const direct = await createDirect(me, bob);
    await block(bob, me);
    const store = createMessageStore(database.db);

    const results = await Promise.all([
      store(text(group, idOf(me), 'a', 'gc-1')),
      store(text(group, idOf(me), 'b', 'gc-2')),
      store(text(group, idOf(me), 'a again', 'gc-1')),
      store(text(group, idOf(stranger), 'not a member')),
      store(text(direct, idOf(me), 'blocked')),
      store(text(group, idOf(ann), 'c', 'gc-3')),
      store(text(group, idOf(me), 'd')),
    ]);

    const [a, b, again, outsider, blocked, c, d] = results;
    for (const r of [a, b, c, d]) expect(r).toMatchObject({ member: true, blocked: false });
    expect([a, b, c, d].map((r) => r!.id)).toEqual([...[a, b, c, d].map((r) => r!.id)].sort((x, y) => x! - y!));
    expect(again).toMatchObject({ member: true, blocked: false, id: null, audience: [] });
    expect(outsider).toMatchObject({ member: false, id: null });
    expect(blocked).toMatchObject({ member: true, blocked: true, id: null });
    expect([...a!.audience].sort()).toEqual([idOf(me), idOf(ann)].sort());
    expect(a!.senderName).toBe(me.auth.user.username);
    // One statement, one transaction: every stored row carries the same transaction time.
    expect(new Set([a, b, c, d].map((r) => r!.createdAt!.getTime())).size).toBe(1);

    const stored = await sql<{ content: string }>(app.database, 'select content from chat_messages where room_id = $1 order by id', [
      group,
    ]);
    expect(stored.map((r) => r.content)).toEqual(['a', 'b', 'c', 'd']);
    const [mine] = (await roomsOf(me)).filter((r) => r.id === group);
    const [hers] = (await roomsOf(ann)).filter((r) => r.id === group);
    expect(mine!.lastMessage?.content).toBe('d');
    expect(mine!.unread_count).toBe(0);
    expect(hers!.unread_count).toBe(1);
  });
});

/** Me and a friend in a new group, and a message store of our own. */
async function twoInAGroup(name: string) {
  const [me, ann] = [await signUp(app.origin), await signUp(app.origin)];
  await befriend(me, ann);
  return { me, group: await createGroup(me, name, [ann]), store: createMessageStore(database.db) };
}

describe('write limits counted by the send statement', () => {
  it("lets through exactly as many of one sender's batched sends as the limit leaves, and stores none beyond", async () => {
    const { me, group, store } = await twoInAGroup('limits');
    const limit = { key: `test:limit:${idOf(me)}`, max: 3, windowEndsAt: new Date(Date.now() + 60_000) };
    const results = await Promise.all(['1', '2', '3', '4', '5'].map((n) => store({ ...text(group, idOf(me), n), limit })));
    expect(results.map((r) => r.limitedUntil === null)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r.id !== null)).toEqual([true, true, true, false, false]);
    expect(results[3]!.limitedUntil!.getTime()).toBe(limit.windowEndsAt.getTime());
    const stored = await sql<{ content: string }>(app.database, 'select content from chat_messages where room_id = $1 order by id', [
      group,
    ]);
    expect(stored.map((r) => r.content)).toEqual(['1', '2', '3']);
    const [count] = await sql<{ count: number }>(app.database, 'select count from rate_limits where key = $1', [limit.key]);
    expect(count!.count).toBe(5);
  });
});

describe('the send statement', () => {
  it('is planned once per connection: every execution reuses its generic plan', async () => {
    const { me, group, store } = await twoInAGroup('plans');
    // One at a time: the pool hands the last released connection out again, so one connection runs them all
    // (more than the five custom plans PostgreSQL tries before it would consider a generic one on its own).
    for (let i = 0; i < 8; i++) expect((await store(text(group, idOf(me), `m${i}`))).id).not.toBeNull();
    const { rows } = await database.db.$generic.query<{ generic_plans: string; custom_plans: string }>(
      "select generic_plans, custom_plans from pg_prepared_statements where name = 'chat_send_batch'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.custom_plans).toBe('0');
    expect(Number(rows[0]!.generic_plans)).toBeGreaterThanOrEqual(8);
  });
});
