import { describe, expect, it } from 'vitest';
import type { AuthResponse, VerifyResponse } from '../../src/shared/api-types.ts';
import { credentialsOf } from '../../src/server/db/factories/users.ts';
import { signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { ApiClient } from './support/http-client.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();

describe('POST /api/auth/login', () => {
  it('signs in with 200, the user and a csrf_token', async () => {
    const { registration, auth } = await signUp(app.origin);
    const client = await app.visitor();
    const res = await client.post<AuthResponse>('/api/auth/login', credentialsOf(registration));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: {
        user_id: auth.user.user_id,
        username: registration.username,
        email: registration.email,
        expires_at: expect.any(String),
        role: 'member',
      },
      csrf_token: expect.any(String),
    });
    expect(client.csrfToken).toBe(res.body.csrf_token);
    const verify = await client.get<VerifyResponse>('/api/auth/verify');
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ valid: true, user_id: auth.user.user_id, csrf_token: res.body.csrf_token });
  });

  it('ignores the letter case of the email', async () => {
    const { registration } = await signUp(app.origin);
    const res = await (
      await app.visitor()
    ).post('/api/auth/login', { email: registration.email.toUpperCase(), password: registration.password });
    expect(res.status).toBe(200);
  });

  it('answers the same 401 for a wrong password and for an unknown email', async () => {
    const { registration } = await signUp(app.origin);
    const client = await app.visitor();
    expectError(
      await client.post('/api/auth/login', { email: registration.email, password: 'wrong-password' }),
      401,
      'Invalid email or password',
    );
    expectError(
      await client.post('/api/auth/login', { email: 'nobody-here@savepoint.test', password: 'whatever1' }),
      401,
      'Invalid email or password',
    );
    expect(client.cookies.has('sp_session')).toBe(false);
  });

  it.each([
    [{ password: 'x' }, 'Email is required'],
    [{ email: 'a@savepoint.test' }, 'Password is required'],
    [{ email: 'not-an-email', password: 'x' }, 'Please enter a valid email address'],
    [{ email: 'a@savepoint.test', password: '' }, 'Password is required'],
  ])('validates %o', async (payload, message) => {
    expectError(await (await app.visitor()).post('/api/auth/login', payload), 400, message);
  });

  it('refuses a body that is not an object', async () => {
    expectError(await (await app.visitor()).post('/api/auth/login', 'just a string'), 400, 'Request body must be a JSON object');
  });

  it('rotates the session: the cookie from before sign-in no longer verifies', async () => {
    const { client, registration } = await signUp(app.origin);
    const before = client.cookieHeader();
    const tokenBefore = client.csrfToken;
    expect((await client.post('/api/auth/login', credentialsOf(registration))).status).toBe(200);
    expect(client.csrfToken).not.toBe(tokenBefore);

    const replay = new ApiClient(app.origin);
    const stale = await replay.get<VerifyResponse>('/api/auth/verify', { headers: { cookie: before } });
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ valid: false });
    expect((await client.get<VerifyResponse>('/api/auth/verify')).body.valid).toBe(true);
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after 5 failures for one account and address, even for the right password', async () => {
    const { registration } = await signUp(app.origin);
    const attacker = await app.visitor();
    for (let i = 0; i < 5; i++) {
      expectError(
        await attacker.post('/api/auth/login', { email: registration.email, password: `guess-${i}-wrong` }),
        401,
        'Invalid email or password',
      );
    }
    const blocked = await attacker.post('/api/auth/login', { email: registration.email, password: 'guess-6-wrong' });
    expectError(blocked, 429, 'Too many sign-in attempts. Please try again later.');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // The right password from the same address is refused too while the lock lasts (no oracle).
    const right = await (await app.visitor()).post('/api/auth/login', credentialsOf(registration));
    expectError(right, 429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts parallel attempts before checking passwords: a burst cannot slip past the limit', async () => {
    const { registration } = await signUp(app.origin);
    const attacker = await app.visitor();
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attacker.post('/api/auth/login', { email: registration.email, password: `burst-${i}-x` })),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('still lets another account sign in from the same address', async () => {
    const victim = await signUp(app.origin);
    const other = await signUp(app.origin);
    const client = await app.visitor();
    for (let i = 0; i < 6; i++) await client.post('/api/auth/login', { email: victim.registration.email, password: `nope-${i}-nope` });
    expectError(await client.post('/api/auth/login', credentialsOf(victim.registration)), 429);
    expect((await client.post('/api/auth/login', credentialsOf(other.registration))).status).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const { registration } = await signUp(app.origin);
    const client = await app.visitor();
    for (let i = 0; i < 4; i++) await client.post('/api/auth/login', { email: registration.email, password: `nope-${i}-nope` });
    expect((await client.post('/api/auth/login', credentialsOf(registration))).status).toBe(200);
    const fresh = await app.visitor();
    for (let i = 0; i < 4; i++) expectError(await fresh.post('/api/auth/login', { email: registration.email, password: `nope-${i}` }), 401);
    expect((await fresh.post('/api/auth/login', credentialsOf(registration))).status).toBe(200);
  });

  it('cannot be dodged with a forged X-Forwarded-For (TRUST_PROXY is off by default)', async () => {
    const { registration } = await signUp(app.origin);
    const client = await app.visitor();
    for (let i = 0; i < 5; i++) {
      const headers = { 'x-forwarded-for': `203.0.113.${i}` };
      expectError(await client.post('/api/auth/login', { email: registration.email, password: `nope-${i}-x` }, { headers }), 401);
    }
    const res = await client.post('/api/auth/login', credentialsOf(registration), { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expectError(res, 429);
  });
});
