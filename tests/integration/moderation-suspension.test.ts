import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogResponse } from '../../src/shared/moderation-types.ts';
import { ACCOUNT_SUSPENDED } from '../../src/server/services/accounts/auth.service.ts';
import { credentialsOf } from '../../src/server/db/factories/users.ts';
import { signInElsewhere, signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { post } from './support/media.ts';
import { makeRole, reportOn, resolve } from './support/moderation.ts';
import { useTestServer } from './support/server.ts';
import { idOf, nameOf, sql } from './support/social.ts';
import { closeAllSockets, connectAs, nextDisconnect, refusal } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

let moderator: SignedUp;
let admin: SignedUp;
let reporter: SignedUp;
beforeAll(async () => {
  [moderator, admin, reporter] = await Promise.all([signUp(app.origin), signUp(app.origin), signUp(app.origin)]);
  await makeRole(app, moderator, 'moderator');
  await makeRole(app, admin, 'admin');
});

const signIn = async (who: SignedUp) => (await app.visitor()).post('/api/auth/login', credentialsOf(who.registration));
const unsuspend = (by: SignedUp, userId: number, opts: { csrf?: boolean } = {}) =>
  by.client.post(`/api/moderation/users/${userId}/unsuspend`, undefined, opts);

async function suspended() {
  const target = await signUp(app.origin);
  const other = await signInElsewhere(app.origin, target.registration);
  const item = await post(target);
  const reportId = await reportOn(app, reporter, { type: 'media', id: item.id, owner: target }, 'hate');
  return { target, reportId, other, postId: item.id };
}

describe('suspending from a report', () => {
  it('ends every session at once: sockets drop, cookies answer 401, reconnects and sign-in are refused', async () => {
    const { target, reportId, other, postId } = await suspended();
    const socket = await connectAs(target.client);
    const dropped = nextDisconnect(socket, 3000);
    const res = await resolve(moderator, reportId, { action: 'suspend_user', note: 'slurs' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'User suspended', report_id: reportId, action: 'suspend_user' });
    expect(await dropped).toBe('io server disconnect');

    expectError(await target.client.get('/api/profile/'), 401);
    expectError(await other.get('/api/profile/'), 401);
    const handshake = { cookie: target.client.cookieHeader(), token: target.client.csrfToken ?? '', origin: app.origin };
    expect(await refusal(app.origin, handshake)).toBe('Not signed in');
    expectError(await signIn(target), 403, ACCOUNT_SUSPENDED);
    expect(await sql(app.database, 'select count(*)::int as n from sessions where user_id = $1', [idOf(target)])).toEqual([{ n: 0 }]);
    expect(await sql(app.database, 'select suspended_by from users where id = $1', [idOf(target)])).toEqual([
      { suspended_by: idOf(moderator) },
    ]);
    // The post stays: suspension is about the account, not the content.
    expect((await reporter.client.get(`/api/media/${postId}`)).status).toBe(200);
  });

  it('shows the suspension in the queue, and a wrong password still reads as a wrong password', async () => {
    const { target, reportId } = await suspended();
    const later = await reportOn(app, reporter, { type: 'user', id: idOf(target), owner: target });
    expect((await resolve(moderator, reportId, { action: 'suspend_user' })).status).toBe(200);
    const queue = (
      await moderator.client.get<{ reports: Array<{ id: number; target_user: { suspended: boolean } }> }>('/api/moderation/reports')
    ).body;
    expect(queue.reports.find((r) => r.id === later)?.target_user.suspended).toBe(true);
    const wrong = await (await app.visitor()).post('/api/auth/login', { email: target.registration.email, password: 'not-the-password-1' });
    expect(wrong.status).toBe(401);
  });

  it('lets an admin suspend a moderator', async () => {
    const other = await makeRole(app, await signUp(app.origin), 'moderator');
    const id = await reportOn(app, reporter, { type: 'user', id: idOf(other), owner: other });
    expect((await resolve(admin, id, { action: 'suspend_user' })).status).toBe(200);
    expectError(await other.client.get('/api/moderation/reports'), 401);
  });
});

describe('POST /api/moderation/users/{user_id}/unsuspend', () => {
  it('lifts the suspension: the person signs in again, and the audit log shows both actions', async () => {
    const { target, reportId } = await suspended();
    await resolve(moderator, reportId, { action: 'suspend_user' });
    expectError(await unsuspend(moderator, idOf(target), { csrf: false }), 403);
    const res = await unsuspend(moderator, idOf(target));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: `${nameOf(target)} can sign in again`, user_id: idOf(target) });
    expect((await signIn(target)).status).toBe(200);
    expectError(await unsuspend(moderator, idOf(target)), 409, 'This account is not suspended');

    const entries = (await admin.client.get<AuditLogResponse>('/api/moderation/audit?limit=2')).body.entries;
    expect(entries.map((e) => [e.action, e.target_user?.username, e.actor?.username])).toEqual([
      ['unsuspend_user', nameOf(target), nameOf(moderator)],
      ['suspend_user', nameOf(target), nameOf(moderator)],
    ]);
  });

  it("leaves a moderator's suspension to admins, as suspending one is", async () => {
    const other = await makeRole(app, await signUp(app.origin), 'moderator');
    const id = await reportOn(app, reporter, { type: 'user', id: idOf(other), owner: other });
    expect((await resolve(admin, id, { action: 'suspend_user' })).status).toBe(200);
    expectError(await unsuspend(moderator, idOf(other)), 403, "Only an admin can lift a moderator's suspension");
    expectError(await signIn(other), 403, ACCOUNT_SUSPENDED);
    expect((await unsuspend(admin, idOf(other))).status).toBe(200);
    expect((await signIn(other)).status).toBe(200);
  });

  it('answers 404 for unknown people and to members', async () => {
    expectError(await unsuspend(moderator, 2_000_000_000), 404, 'User not found');
    expectError(await moderator.client.post('/api/moderation/users/abc/unsuspend'), 404, 'User not found');
    expectError(await unsuspend(reporter, idOf(moderator)), 404, 'Not found');
  });
});

describe('GET /api/moderation/audit', () => {
  it('pages newest first and names the CLI as no one', async () => {
    const page = (await admin.client.get<AuditLogResponse>('/api/moderation/audit?limit=1')).body;
    expect(page.entries).toHaveLength(1);
    expect(page.next_cursor).not.toBeNull();
    const rest = (await admin.client.get<AuditLogResponse>(`/api/moderation/audit?limit=50&cursor=${page.next_cursor}`)).body;
    expect(rest.entries.every((e) => e.id < page.entries[0]!.id)).toBe(true);
    // The role grants of beforeAll came from setRole, the admin CLI's path: no actor.
    expect(rest.entries.find((e) => e.action === 'grant_role' && e.target_user?.username === nameOf(moderator))).toMatchObject({
      actor: null,
    });
  });
});
