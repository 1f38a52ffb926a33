/**
 * The in-memory session cache (ADR 032) never outlives a change: two nodes on one database (and one Redis, as deployed),
 * each with the session cached (used once on both), see every ending or change made through the other at once.
 */
import { describe, expect, it } from 'vitest';
import type { VerifyResponse } from '../../src/shared/api-types.ts';
import { insertReport } from '../../src/server/db/factories/reports.ts';
import { setRole } from '../../src/server/services/accounts/roles.service.ts';
import { signInElsewhere, signUp } from './support/accounts.ts';
import { ApiClient } from './support/http-client.ts';
import { post } from './support/media.ts';
import type { TestServer } from './support/server.ts';
import { useTwoNodes } from './support/two-nodes.ts';
import { idOf, nameOf, sql } from './support/social.ts';

const site = useTwoNodes();

/** The same browser (cookies) talking to another node. */
function on(node: TestServer, client: ApiClient): ApiClient {
  const copy = new ApiClient(node.origin);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

/** Uses the session on both nodes, so each holds it in its cache; answers the client on node B. */
async function cachedOnBoth(client: ApiClient): Promise<ApiClient> {
  const onB = on(site.b, client);
  for (let i = 0; i < 2; i++) {
    expect((await client.get('/api/auth/verify')).status).toBe(200);
    expect((await onB.get('/api/auth/verify')).status).toBe(200);
  }
  return onB;
}

const status = async (client: ApiClient) => (await client.get<VerifyResponse>('/api/auth/verify')).status;

/**
 * What `node` answers once its listener has heard every announcement committed so far. PostgreSQL sends a change to
 * every listener at its commit, but each node reads it from its socket when its event loop gets there, which on a
 * loaded machine can be a while after the change's own answer (or, for the admin CLI, which answers no request
 * through a node, after its call returns). `settle` is the app's own barrier for this (a notification sent on the
 * listening connection comes back after everything committed before it), so after it one look tells whether the
 * node acted on the change; a node that ignored it keeps answering from its cache for the entry's 30 s lifetime.
 * `settle` stops waiting after its own second (and logs it; silent here), so on a busy host it is asked again, a
 * few times: counted, never timed.
 */
async function onceHeard<T>(node: TestServer, look: () => Promise<T>, want: T): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await node.server.sessionCache.settle();
    const seen = await look();
    if (seen === want || attempt === 5) return seen;
  }
}

/** The status node B answers once it has heard everything committed so far (401: the session is gone there). */
const endedOnB = (client: ApiClient) => onceHeard(site.b, () => status(client), 401);

/** The role `node` reports for `client` once it has heard everything committed so far. */
const roleOn = (node: TestServer, client: ApiClient, want: string) =>
  onceHeard(node, async () => (await client.get<{ role?: string }>('/api/auth/verify')).body.role, want);

describe('session cache', () => {
  it('a sign-out on node A ends the session on both nodes at once', async () => {
    const me = await signUp(site.a.origin);
    const onB = await cachedOnBoth(me.client);
    const stale = new ApiClient(site.a.origin);
    for (const [name, value] of me.client.cookies) stale.cookies.set(name, value);
    expect((await me.client.post('/api/auth/logout')).status).toBe(200);
    expect(await endedOnB(onB)).toBe(401);
    expect(await status(stale)).toBe(401);
  });

  it('a password change on node A ends the other sessions on both nodes at once', async () => {
    const me = await signUp(site.a.origin);
    const other = await signInElsewhere(site.a.origin, me.registration);
    const otherOnB = await cachedOnBoth(other);
    const res = await me.client.put('/api/account/password', {
      current_password: me.registration.password,
      new_password: 'a-new-password-42',
    });
    expect(res.status, res.text).toBe(200);
    expect(await endedOnB(otherOnB)).toBe(401);
    expect(await status(other)).toBe(401);
    expect(await status(me.client)).toBe(200);
  });

  it('ending one session from the sessions list reaches the node that cached it', async () => {
    const me = await signUp(site.a.origin);
    const other = await signInElsewhere(site.a.origin, me.registration);
    const otherOnB = await cachedOnBoth(other);
    const list = await me.client.get<{ sessions: { id: number; current: boolean }[] }>('/api/account/sessions');
    const theirs = list.body.sessions.find((s) => !s.current)!;
    expect((await me.client.delete(`/api/account/sessions/${theirs.id}`)).status).toBe(200);
    expect(await endedOnB(otherOnB)).toBe(401);
  });

  it('a role change by the admin CLI (its own connection, no request) shows on both nodes on the next request', async () => {
    const me = await signUp(site.a.origin);
    const onB = await cachedOnBoth(me.client);
    await setRole(site.a.server.database.db, nameOf(me), 'moderator');
    expect(await roleOn(site.b, onB, 'moderator')).toBe('moderator');
    expect(await roleOn(site.a, me.client, 'moderator')).toBe('moderator');
    await setRole(site.a.server.database.db, nameOf(me), 'member');
    expect(await roleOn(site.b, onB, 'member')).toBe('member');
  });

  it('a suspension made through node A ends the session cached on node B', async () => {
    const [moderator, reporter, target] = [await signUp(site.a.origin), await signUp(site.a.origin), await signUp(site.a.origin)];
    await setRole(site.a.server.database.db, nameOf(moderator), 'moderator');
    const onB = await cachedOnBoth(target.client);
    const item = await post(target);
    const reportId = await insertReport(site.a.server.database.db, {
      reporterId: idOf(reporter),
      targetType: 'media',
      targetId: item.id,
      targetUserId: idOf(target),
      reason: 'hate',
      details: '',
    });
    const res = await moderator.client.post(`/api/moderation/reports/${reportId}/resolve`, { action: 'suspend_user', note: 'slurs' });
    expect(res.status, res.text).toBe(200);
    expect(await endedOnB(onB)).toBe(401);
    expect(await status(target.client)).toBe(401);
  });

  it('account deletion on node A ends the session cached on node B', async () => {
    const me = await signUp(site.a.origin);
    const other = await signInElsewhere(site.a.origin, me.registration);
    const otherOnB = await cachedOnBoth(other);
    const res = await me.client.delete('/api/account', { password: me.registration.password });
    expect(res.status, res.text).toBe(200);
    expect(await endedOnB(otherOnB)).toBe(401);
  });

  it('a session read from the database while it is being ended is not kept in the cache', async () => {
    const me = await signUp(site.a.origin);
    // Last used 11 minutes ago: the next request reads the row, then records the use (an update of that row).
    await sql(site.a.database, `update sessions set last_seen_at = now() - interval '11 minutes' where user_id = $1`, [idOf(me)]);
    const ender = site.a.database.connect();
    await ender.connect();
    try {
      // The end (a password change, a sign-out elsewhere) holds the row until it commits; the request has read it by then.
      await ender.query('begin');
      await ender.query('delete from sessions where user_id = $1', [idOf(me)]);
      const racing = status(me.client);
      // Asked on connections of their own: a transaction sees pg_stat_activity as it was at its first look.
      const waiting = async () =>
        (
          await sql<{ n: number }>(
            site.a.database,
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          )
        )[0]!.n;
      for (let i = 0; i < 200 && (await waiting()) < 1; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await waiting()).toBe(1);
      await ender.query('commit');
      expect(await racing).toBe(401);
    } finally {
      await ender.end();
    }
    expect(await status(me.client)).toBe(401);
  });

  it('while a node cannot hear announcements it reads sessions from the database, and forgets its cache on return', async () => {
    const me = await signUp(site.a.origin);
    const onB = await cachedOnBoth(me.client);
    const listeners = `select pid from pg_stat_activity where application_name = 'savepoint session listener' and datname = current_database()`;
    const before = (await sql(site.a.database, listeners)) as { pid: number }[];
    expect(before.length).toBe(2);
    await sql(site.a.database, `select pg_terminate_backend(pid) from (${listeners}) l`);
    // Ended by hand: no announcement is sent, so only the bypass and the emptied cache protect against it.
    await sql(site.a.database, 'delete from sessions where user_id = $1', [idOf(me)]);
    // Both nodes listen again on new connections (each emptied its cache when it lost the old one and again on return).
    const listeningAgain = async () => {
      const now = (await sql(site.a.database, listeners)) as { pid: number }[];
      const fresh = now.length === 2 && now.every((r) => !before.some((p) => p.pid === r.pid));
      return fresh && site.a.server.sessionCache.listening && site.b.server.sessionCache.listening;
    };
    // Generous: what is proven is that they come back at all (each retries every second).
    await expect.poll(listeningAgain, { timeout: 20_000, interval: 50 }).toBe(true);
    expect(await endedOnB(onB)).toBe(401);
    expect(await status(me.client)).toBe(401);
  });
});
