import { describe, expect, it } from 'vitest';
import type { AuthResponse, VerifyResponse } from '../../src/shared/api-types.ts';
import { MISSING_FIELD_MESSAGES, buildRegistration, uniqueName, type Registration } from '../../src/server/db/factories/users.ts';
import { signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();

async function register(payload: Partial<Registration> | Record<string, unknown>) {
  const client = await app.visitor();
  return { client, res: await client.post<AuthResponse>('/api/auth/register', payload) };
}

/** A birthday `years` years before today, shifted by `days` (negative = earlier). */
function birthdayYearsAgo(years: number, days = 0) {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() + days);
  return { birthYear: d.getFullYear(), birthMonth: d.getMonth() + 1, birthDay: d.getDate() };
}

describe('POST /api/auth/register', () => {
  it('creates the account, signs in, and answers 201 with user and csrf_token', async () => {
    const payload = buildRegistration();
    const { client, res } = await register(payload);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      user: {
        user_id: expect.any(Number),
        username: payload.username,
        email: payload.email,
        expires_at: expect.any(String),
        role: 'member',
      },
      csrf_token: expect.any(String),
    });
    const expires = Date.parse(res.body.user.expires_at);
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThanOrEqual(Date.now() + 31 * 24 * 3600_000);
    // The cookie the client JS reads carries the same token the body announced.
    expect(client.csrfToken).toBe(res.body.csrf_token);
    const setCookies = res.headers.getSetCookie();
    expect(setCookies.find((c) => c.startsWith('sp_session='))).toMatch(/HttpOnly/);
    // The cookie lasts as long as the session may (30 days); idle expiry is the server's business.
    expect(setCookies.find((c) => c.startsWith('sp_session='))).toContain(`Max-Age=${30 * 24 * 3600}`);
    expect(setCookies.find((c) => c.startsWith('csrf_token='))).not.toMatch(/HttpOnly/);

    const verify = await client.get<VerifyResponse>('/api/auth/verify');
    expect(verify.body).toMatchObject({ valid: true, user_id: res.body.user.user_id, username: payload.username });
  });

  it.each(MISSING_FIELD_MESSAGES)('requires %s', async (field, message) => {
    const payload: Record<string, unknown> = buildRegistration();
    delete payload[field];
    expectError((await register(payload)).res, 400, message);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: 'two@@savepoint.test' }, 'Please enter a valid email address'],
    [{ username: 'ab' }, 'Username must be 3-30 characters'],
    [{ username: 'a'.repeat(31) }, 'Username must be 3-30 characters'],
    [{ username: 'bad name' }, 'Username may only contain letters, digits and underscores'],
    [{ username: 'dash-ed' }, 'Username may only contain letters, digits and underscores'],
    [{ password: 'short12', confirmPassword: 'short12' }, 'Password must be at least 8 characters'],
    [{ password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ confirmPassword: 'something-else' }, 'Passwords do not match'],
    [{ birthMonth: 13 }, 'Birth month must be 1-12'],
    [{ birthDay: 0 }, 'Birth day must be 1-31'],
    [{ birthYear: 2001, birthMonth: 2, birthDay: 29 }, 'Birthday is not a real date'],
    [{ birthYear: 2000, birthMonth: 2, birthDay: 30 }, 'Birthday is not a real date'],
    [{ birthYear: 1999, birthMonth: 4, birthDay: 31 }, 'Birthday is not a real date'],
    [{ ...birthdayYearsAgo(12) }, 'You must be at least 13 years old to join'],
    [{ ...birthdayYearsAgo(13, 1) }, 'You must be at least 13 years old to join'],
    [{ birthYear: new Date().getFullYear() - 101 }, 'Birth year is out of range'],
    [{ birthYear: new Date().getFullYear() + 1 }, 'Birth year is out of range'],
  ] as [Partial<Registration>, string][])('refuses %o: %s', async (override, message) => {
    expectError((await register(buildRegistration(override))).res, 400, message);
  });

  it('stores nothing when a registration is refused', async () => {
    const payload = buildRegistration({ confirmPassword: 'does-not-match' });
    expectError((await register(payload)).res, 400, 'Passwords do not match');
    const login = await (await app.visitor()).post('/api/auth/login', { email: payload.email, password: payload.password });
    expectError(login, 401, 'Invalid email or password');
    // The same username and email are still free.
    expect((await register({ ...payload, confirmPassword: payload.password })).res.status).toBe(201);
  });

  it('accepts the boundaries: 3 and 30 character usernames, 8 and 128 character passwords, 13 today', async () => {
    const short = uniqueName('x').slice(-3);
    for (const override of [
      { username: short },
      { username: uniqueName('p').padEnd(30, '_') },
      { password: 'exactly8', confirmPassword: 'exactly8' },
      { password: 'q'.repeat(128), confirmPassword: 'q'.repeat(128) },
      { ...birthdayYearsAgo(13) },
      { birthYear: new Date().getFullYear() - 100 },
      { birthYear: 2000, birthMonth: 2, birthDay: 29 },
    ]) {
      const { res } = await register(buildRegistration(override));
      expect(res.status, `${JSON.stringify(override)}: ${res.text}`).toBe(201);
    }
  });

  it('accepts the birthday as select strings, as a form sends them', async () => {
    const { res } = await register({ ...buildRegistration(), birthMonth: '7', birthDay: '4', birthYear: '1990' });
    expect(res.status, res.text).toBe(201);
  });

  it('answers 409 for a username taken in any letter case', async () => {
    const first = await signUp(app.origin, { username: uniqueName('Case') });
    const again = buildRegistration({ username: first.registration.username.toLowerCase() });
    const taken = (await register(again)).res;
    expectError(taken, 409, 'Username is already taken');
    expect(taken.body).toEqual({ error: 'Username is already taken', field: 'username' }); // a form marks that field
    const upper = buildRegistration({ username: first.registration.username.toUpperCase() });
    expectError((await register(upper)).res, 409, 'Username is already taken');
  });

  it('answers 409 for an email registered in any letter case', async () => {
    const first = await signUp(app.origin);
    const again = buildRegistration({ email: first.registration.email.toUpperCase() });
    const taken = (await register(again)).res;
    expectError(taken, 409, 'Email is already registered');
    expect(taken.body).toEqual({ error: 'Email is already registered', field: 'email' });
  });

  it('keeps exactly one account when the same username races in', async () => {
    const payloads = [0, 1, 2, 3].map(() => buildRegistration());
    const username = payloads[0]!.username;
    const results = await Promise.all(payloads.map((p) => register({ ...p, username })));
    const statuses = results.map((r) => r.res.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((r) => r.res.status === 409)) expectError(r.res, 409, 'Username is already taken');
  });
});
