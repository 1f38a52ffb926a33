import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSessionsResponse, SessionsEndedResponse } from '../../src/shared/account-types.ts';
import type { VerifyResponse } from '../../src/shared/api-types.ts';
import type { Registration } from '../../src/server/db/factories/users.ts';
import { PASSWORD_CHECKS_MAX } from '../../src/server/services/accounts/password-confirm.service.ts';
import { signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { newVisitor, type ApiClient } from './support/http-client.ts';
import { useTestServer } from './support/server.ts';
import { closeAllSockets, connectAs, nextDisconnect, refusal } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const NEW_PASSWORD = 'a brand new passphrase';

/** Another browser of the same account, announcing itself with `userAgent`. */
async function signInWith(registration: Registration, userAgent: string, password = registration.password): Promise<ApiClient> {
  const client = await newVisitor(app.origin);
  const res = await client.post('/api/auth/login', { email: registration.email, password }, { headers: { 'user-agent': userAgent } });
  expect(res.status, res.text).toBe(200);
  return client;
}

const signedIn = async (client: ApiClient) => (await client.get<VerifyResponse>('/api/auth/verify')).body.valid;
const changePassword = (client: ApiClient, current_password: string, new_password = NEW_PASSWORD, csrf = true) =>
  client.put('/api/account/password', { current_password, new_password }, { csrf });

describe('PUT /api/account/password', () => {
  it('says only "Password changed." when no other session was signed out', async () => {
    const { client, registration } = await signUp(app.origin);
    const res = await changePassword(client, registration.password);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Password changed.' });
  });

  it('refuses a wrong current password with 403 and changes nothing', async () => {
    const { client, registration } = await signUp(app.origin);
    expectError(await changePassword(client, 'not my password'), 403, 'Current password is incorrect');
    await signInWith(registration, 'x'); // the old password still works
  });

  it('refuses bad input with 400 naming the problem', async () => {
    const { client, registration } = await signUp(app.origin);
    const current = registration.password;
    expectError(await changePassword(client, current, current), 400, 'The new password must differ from the current one');
    expectError(await changePassword(client, current, 'short'), 400, 'Password must be at least 8 characters');
    expectError(await changePassword(client, current, 'nul\u0000inside it'), 400, /Password/);
    expectError(await client.put('/api/account/password', { new_password: NEW_PASSWORD }), 400, 'Current password is required');
    expectError(await client.put('/api/account/password', 'nope'), 400);
  });

  it('needs the CSRF token and a session', async () => {
    const { client, registration } = await signUp(app.origin);
    expectError(await changePassword(client, registration.password, NEW_PASSWORD, false), 403);
    const stranger = await newVisitor(app.origin);
    expectError(await changePassword(stranger, registration.password), 401);
    expect(await signedIn(client)).toBe(true);
  });

  it('signs every other session out at once, sockets included, and keeps this one', async () => {
    const { client, registration } = await signUp(app.origin);
    const other = await signInWith(registration, FIREFOX_ON_WINDOWS);
    const third = await signInWith(registration, SAFARI_ON_IPHONE);
    const [mine, theirs] = await Promise.all([connectAs(client), connectAs(other)]);
    const theirsGone = nextDisconnect(theirs, 3000);
    const mineGone = nextDisconnect(mine, 500);

    const res = await changePassword(client, registration.password);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Password changed. Other sessions were signed out.' });

    expect(await theirsGone).toBe('io server disconnect');
    expect(await mineGone).toBe('timeout');
    expectError(await other.get('/api/account/sessions'), 401);
    expectError(await third.get('/api/profile/'), 401);
    expect(await refusal(app.origin, { cookie: other.cookieHeader(), token: other.csrfToken ?? '', origin: app.origin })).toBe(
      'Not signed in',
    );
    expect(await signedIn(client)).toBe(true);
    const list = await client.get<AccountSessionsResponse>('/api/account/sessions');
    expect(list.body.sessions).toHaveLength(1);

    // The new password signs in; the old one does not.
    await signInWith(registration, 'x', NEW_PASSWORD);
    const old = await newVisitor(app.origin);
    expectError(await old.post('/api/auth/login', { email: registration.email, password: registration.password }), 401);
  });

  it('leaves no session made with the old password alive when sign-ins with it race the change', async () => {
    const { client, registration } = await signUp(app.origin);
    const signIns: Array<Promise<{ visitor: ApiClient; status: number }>> = [];
    const signInOld = async () => {
      const visitor = await newVisitor(app.origin);
      const res = await visitor.post('/api/auth/login', { email: registration.email, password: registration.password });
      return { visitor, status: res.status };
    };
    // Sign-ins with the old password arrive every 15 ms while the change checks, hashes, commits and ends sessions:
    // some read the old hash before the change commits and finish after it ended the other sessions.
    let changed = false;
    const change = changePassword(client, registration.password).finally(() => (changed = true));
    while (!changed) {
      signIns.push(signInOld());
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    expect((await change).status).toBe(200);
    const answers = await Promise.all(signIns);
    // 429: after the change the old password fails, and this account's failures from one address are counted.
    for (const { status } of answers) expect([200, 401, 429]).toContain(status);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0); // the race did run
    const survivors = [];
    for (const { visitor, status } of answers) if (status === 200 && (await signedIn(visitor))) survivors.push(visitor);
    expect(survivors).toHaveLength(0);
    expect((await client.get<AccountSessionsResponse>('/api/account/sessions')).body.sessions).toHaveLength(1);
  });

  it('lets one of two changes racing with the same current password win; the other finds it no longer current', async () => {
    const { client, registration } = await signUp(app.origin);
    const other = await signInWith(registration, FIREFOX_ON_WINDOWS);
    const [first, second] = await Promise.all([
      changePassword(client, registration.password, 'first new passphrase'),
      changePassword(other, registration.password, 'second new passphrase'),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 403]);
    const [winner, loser] = first.status === 200 ? ['first', second] : ['second', first];
    expectError(loser, 403, 'Current password is incorrect');
    await signInWith({ ...registration, password: `${winner} new passphrase` }, 'x', `${winner} new passphrase`);
  });

  it(`stops guessing after ${PASSWORD_CHECKS_MAX} wrong current passwords with 429 and Retry-After`, async () => {
    const { client, registration } = await signUp(app.origin);
    for (let i = 0; i < PASSWORD_CHECKS_MAX; i++) expectError(await changePassword(client, `wrong guess ${i}`), 403);
    const refused = await changePassword(client, registration.password);
    expectError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await signInWith(registration, 'x'); // nothing changed
  });
});

describe('GET /api/account/sessions', () => {
  it('lists every session with device, browser and last seen, marking this one', async () => {
    const { client, registration } = await signUp(app.origin);
    await signInWith(registration, FIREFOX_ON_WINDOWS);
    await signInWith(registration, SAFARI_ON_IPHONE);
    const res = await client.get<AccountSessionsResponse>('/api/account/sessions');
    expect(res.status, res.text).toBe(200);
    const { sessions } = res.body;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ device: 'Windows computer', browser: 'Firefox', current: false }),
        expect.objectContaining({ device: 'iPhone', browser: 'Safari', current: false }),
      ]),
    );
    for (const s of sessions) {
      expect(Object.keys(s).sort()).toEqual(['browser', 'created_at', 'current', 'device', 'id', 'last_seen_at']);
      expect(Number.isNaN(Date.parse(s.last_seen_at))).toBe(false);
    }
    expect(res.text).not.toMatch(/token|hash/i);
  });

  it('is 401 signed out', async () => {
    expectError(await (await newVisitor(app.origin)).get('/api/account/sessions'), 401);
  });
});

describe('DELETE /api/account/sessions', () => {
  const sessionsOf = async (client: ApiClient) => (await client.get<AccountSessionsResponse>('/api/account/sessions')).body.sessions;

  it("answers 404 for someone else's session and for unknown ids, ending nothing", async () => {
    const me = await signUp(app.origin);
    const stranger = await signUp(app.origin);
    const [theirs] = await sessionsOf(stranger.client);
    expectError(await me.client.delete(`/api/account/sessions/${theirs!.id}`), 404, 'Session not found');
    expectError(await me.client.delete('/api/account/sessions/999999999'), 404);
    expectError(await me.client.delete('/api/account/sessions/abc'), 404);
    expect(await signedIn(stranger.client)).toBe(true);
  });

  it('ends one other session and drops its socket; needs CSRF', async () => {
    const { client, registration } = await signUp(app.origin);
    const other = await signInWith(registration, FIREFOX_ON_WINDOWS);
    const keep = await signInWith(registration, SAFARI_ON_IPHONE);
    const socket = await connectAs(other);
    const gone = nextDisconnect(socket, 3000);
    const target = (await sessionsOf(client)).find((s) => s.browser === 'Firefox')!;
    expectError(await client.delete(`/api/account/sessions/${target.id}`, undefined, { csrf: false }), 403);
    const res = await client.delete<SessionsEndedResponse>(`/api/account/sessions/${target.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: '1 session signed out', ended: 1 });
    expect(await gone).toBe('io server disconnect');
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(keep)).toBe(true);
    expect(await signedIn(client)).toBe(true);
  });

  it('ending the current session by id signs this browser out', async () => {
    const { client } = await signUp(app.origin);
    const [mine] = await sessionsOf(client);
    const res = await client.delete(`/api/account/sessions/${mine!.id}`);
    expect(res.status, res.text).toBe(200);
    expect(client.cookies.has('sp_session')).toBe(false);
    expect(await signedIn(client)).toBe(false);
  });

  it('ends every other session at once and keeps this one', async () => {
    const { client, registration } = await signUp(app.origin);
    const others = [await signInWith(registration, FIREFOX_ON_WINDOWS), await signInWith(registration, SAFARI_ON_IPHONE)];
    const sockets = await Promise.all(others.map(connectAs));
    const gone = sockets.map((s) => nextDisconnect(s, 3000));
    const res = await client.delete<SessionsEndedResponse>('/api/account/sessions');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: '2 sessions signed out', ended: 2 });
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const other of others) expect(await signedIn(other)).toBe(false);
    expect(await sessionsOf(client)).toEqual([expect.objectContaining({ current: true })]);
    expect((await client.delete<SessionsEndedResponse>('/api/account/sessions')).body.ended).toBe(0);
  });
});
