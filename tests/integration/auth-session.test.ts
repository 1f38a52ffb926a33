import { describe, expect, it } from 'vitest';
import type { VerifyResponse } from '../../src/shared/api-types.ts';
import { credentialsOf } from '../../src/server/db/factories/users.ts';
import { signInElsewhere, signUp } from './support/accounts.ts';
import { ApiClient } from './support/http-client.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();

describe('GET /api/auth/verify', () => {
  it('tells a signed-out visitor valid: false and hands out a csrf_token cookie', async () => {
    const client = app.client();
    const res = await client.get<VerifyResponse>('/api/auth/verify');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ valid: false, error: expect.any(String), csrf_token: expect.any(String) });
    expect(client.csrfToken).toBe(res.body.csrf_token);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('csrf_token='))).not.toMatch(/HttpOnly/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the same visitor token on later calls (no cookie churn)', async () => {
    const client = app.client();
    const first = await client.get<VerifyResponse>('/api/auth/verify');
    const second = await client.get<VerifyResponse>('/api/auth/verify');
    expect(second.body.csrf_token).toBe(first.body.csrf_token);
    expect(second.headers.getSetCookie()).toEqual([]);
  });

  it('describes a signed-in session with valid: true and the user fields', async () => {
    const { client, registration, auth } = await signUp(app.origin);
    const res = await client.get<VerifyResponse>('/api/auth/verify');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: true,
      user_id: auth.user.user_id,
      username: registration.username,
      email: registration.email,
      expires_at: expect.any(String),
      role: 'member',
      csrf_token: auth.csrf_token,
    });
  });

  it('treats a forged session cookie as signed out and clears it', async () => {
    const client = new ApiClient(app.origin);
    const res = await client.get<VerifyResponse>('/api/auth/verify', { headers: { cookie: `sp_session=${'A'.repeat(43)}` } });
    expect(res.status).toBe(401);
    expect(res.body.valid).toBe(false);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sp_session='))).toMatch(/Max-Age=0/);
  });
});

describe('session expiry', () => {
  async function ageSession(userId: number, column: 'last_seen_at' | 'expires_at', interval: string) {
    const db = app.database.connect();
    await db.connect();
    try {
      await db.query(`update sessions set ${column} = now() - interval '${interval}' where user_id = $1`, [userId]);
    } finally {
      await db.end();
    }
    // The server drops its in-memory copy when it hears the database announce the change (milliseconds).
    await app.server.sessionCache.settle();
  }

  it('ends a session after 7 days without use', async () => {
    const { client, auth } = await signUp(app.origin);
    await ageSession(auth.user.user_id, 'last_seen_at', '6 days 23 hours');
    expect((await client.get<VerifyResponse>('/api/auth/verify')).body.valid).toBe(true);
    await ageSession(auth.user.user_id, 'last_seen_at', '7 days 1 minute');
    expect((await client.get<VerifyResponse>('/api/auth/verify')).body.valid).toBe(false);
  });

  it('ends a session at its absolute expiry however active it is', async () => {
    const { client, auth } = await signUp(app.origin);
    await ageSession(auth.user.user_id, 'expires_at', '1 second');
    const res = await client.get<VerifyResponse>('/api/auth/verify');
    expect(res.status).toBe(401);
    expect(res.body.valid).toBe(false);
  });

  it('keeps an active session alive: use moves the idle deadline', async () => {
    const { client, auth } = await signUp(app.origin);
    await ageSession(auth.user.user_id, 'last_seen_at', '6 days');
    const before = Date.now();
    const res = await client.get<VerifyResponse>('/api/auth/verify');
    expect(res.body.valid).toBe(true);
    // Touched on this request: expires_at is a full idle period (7 days) from now again.
    const expires = Date.parse((res.body as { expires_at: string }).expires_at);
    expect(expires).toBeGreaterThan(before + 7 * 24 * 3600_000 - 60_000);
  });
});

describe('POST /api/auth/logout', () => {
  it('answers success with a fresh visitor csrf_token and revokes the session server-side', async () => {
    const { client } = await signUp(app.origin);
    const signedInCookies = client.cookieHeader();
    const signedInToken = client.csrfToken;
    const res = await client.post<{ success: boolean; csrf_token: string }>('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, csrf_token: expect.any(String) });
    expect(res.body.csrf_token).not.toBe(signedInToken);
    expect(client.cookies.has('sp_session')).toBe(false);
    expect(client.csrfToken).toBe(res.body.csrf_token);

    // Replaying the old cookie (as a thief who copied it would) no longer works.
    const replay = await new ApiClient(app.origin).get<VerifyResponse>('/api/auth/verify', { headers: { cookie: signedInCookies } });
    expect(replay.status).toBe(401);
    expect(replay.body.valid).toBe(false);
  });

  it('ends only that session: the same user elsewhere stays signed in', async () => {
    const { client, registration } = await signUp(app.origin);
    const elsewhere = await signInElsewhere(app.origin, registration);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await elsewhere.get<VerifyResponse>('/api/auth/verify')).body.valid).toBe(true);
  });

  it('lets the visitor sign in again with the token logout handed out', async () => {
    const { client, registration } = await signUp(app.origin);
    await client.post('/api/auth/logout');
    expect((await client.post('/api/auth/login', credentialsOf(registration))).status).toBe(200);
  });

  it('is harmless when already signed out', async () => {
    const client = await app.visitor();
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
  });
});
