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
 * The status node B answers, asked again for at most 1 s until the session is gone (401). The node that made the
 * change answers only after its own listener heard it, so on that node the change shows at once; PostgreSQL sends
 * it to every other listener at the same commit, but each node reads it from its socket when its event loop gets
 * there, which on a loaded machine can be a moment after the first node answered.
 */
async function endedOnB(client: ApiClient): Promise<number> {
  const until = Date.now() + 1_000;
  for (;;) {
    const answer = await status(client);
    if (answer === 401 || Date.now() > until) return answer;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The role a node reports, asked again for at most 500 ms until it is `want`. Only for the admin CLI: it answers
 * no request through a node, so no node waits for its own listener to hear the change before anyone looks (as the
 * app's own paths do); PostgreSQL sends the announcement to every listener at commit, but the node reads it from
 * its socket asynchronously, a moment after the CLI's call returns.
 */
async function roleSoon(client: ApiClient, want: string): Promise<string | undefined> {
  const until = Date.now() + 500;
  for (;;) {
    const role = (await client.get<{ role?: string }>('/api/auth/verify')).body.role;
    if (role === want || Date.now() > until) return role;
    await new Promise((r) => setTimeout(r, 10));
  }
}

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
    expect(await roleSoon(onB, 'moderator')).toBe('moderator');
    expect(await roleSoon(me.client, 'moderator')).toBe('moderator');
    await setRole(site.a.server.database.db, nameOf(me), 'member');
    expect(await roleSoon(onB, 'member')).toBe('member');
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
    for (let i = 0; i < 100; i++) {
      const now = (await sql(site.a.database, listeners)) as { pid: number }[];
      if (now.length === 2 && now.every((r) => !before.some((p) => p.pid === r.pid))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await endedOnB(onB)).toBe(401);
    expect(await status(me.client)).toBe(401);
  });
});
