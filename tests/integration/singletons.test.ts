/**
 * The brief: stateful singletons (db pool, bus, io) exist once per server instance. Two instances in one
 * process must not share them, and everything inside one instance must use the same ones.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from './support/accounts.ts';
import { newVisitor } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';
import { buildNotification } from '../factories/notifications.ts';

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  [a, b] = await Promise.all([startTestServer(), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});
afterEach(closeAllSockets);

/** Connections of the server's pool, or (`jobs`) of its job queue's own (ADR 051: a pool of 4 and a listener). */
async function serverConnections(target: TestServer, jobs = false): Promise<number> {
  const probe = target.database.connect();
  await probe.connect();
  try {
    const { rows } = await probe.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
        and backend_type = 'client backend' and (application_name = 'savepoint-jobs') = $1`,
      [jobs],
    );
    return rows[0]!.n;
  } finally {
    await probe.end();
  }
}

describe('one pool per server instance', () => {
  it('every database connection of the server comes from its one pool, capped at 10', async () => {
    const { client } = await signUp(a.origin);
    // 60 concurrent session lookups: a per-request pool (or a second pool) would open more connections. (The chat
    // send's own pool of two, ADR 041, opens only when messages are sent.)
    await Promise.all(Array.from({ length: 60 }, () => client.get('/api/auth/verify')));
    const open = await serverConnections(a);
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThanOrEqual(10);
    expect(open).toBe(a.server.database.pool.totalCount);
    expect(await serverConnections(a, true)).toBeLessThanOrEqual(5);
  });

  it('two instances hold separate pools on separate databases', async () => {
    expect(a.server.database.pool).not.toBe(b.server.database.pool);
    const { registration } = await signUp(a.origin);
    const elsewhere = await newVisitor(b.origin);
    expect((await elsewhere.post('/api/auth/login', { email: registration.email, password: registration.password })).status).toBe(401);
  });
});

describe('one bus and one io per server instance', () => {
  it('the bus services emit on is the one the realtime layer delivers from', async () => {
    const { client } = await signUp(a.origin);
    const revoked = vi.fn();
    const stop = a.server.bus.on('session.revoked', revoked);
    await client.post('/api/auth/logout');
    stop();
    expect(revoked).toHaveBeenCalledTimes(1);
  });

  it('every socket is held by the one io of its instance', async () => {
    const before = a.server.io.engine.clientsCount;
    const { client } = await signUp(a.origin);
    await Promise.all([connectAs(client), connectAs(client), connectAs(client)]);
    expect(a.server.io.engine.clientsCount).toBe(before + 3);
    expect(b.server.io.engine.clientsCount).toBe(0);
    expect(a.server.io).not.toBe(b.server.io);
  });

  it("an event on one instance's bus never reaches the other's sockets, even for the same user id", async () => {
    // Give both instances a user with the same id: only the instance can tell them apart.
    let onA = await signUp(a.origin);
    let onB = await signUp(b.origin);
    while (onB.auth.user.user_id < onA.auth.user.user_id) onB = await signUp(b.origin);
    while (onA.auth.user.user_id < onB.auth.user.user_id) onA = await signUp(a.origin);
    const userId = onA.auth.user.user_id;
    expect(onB.auth.user.user_id).toBe(userId);
    const socketA = await connectAs(onA.client);
    const socketB = await connectAs(onB.client);
    const gotA = nextEvent(socketA, 'notification');
    const gotB = nextEvent(socketB, 'notification', 500);
    expect(a.server.bus).not.toBe(b.server.bus);
    const fromA = buildNotification({ id: 7 });
    a.server.bus.toUsers([userId], 'notification', fromA);
    expect(await Promise.all([gotA, gotB])).toEqual([fromA, 'timeout']);
  });
});
