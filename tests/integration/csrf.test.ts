import { describe, expect, it } from 'vitest';
import type { VerifyResponse } from '../../src/shared/api-types.ts';
import { buildRegistration, credentialsOf } from '../../src/server/db/factories/users.ts';
import { signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();
const CSRF_MESSAGE = 'Invalid or missing CSRF token. Reload the page and try again.';
const badTokens = [
  ['without X-CSRF-TOKEN', false],
  ['with a wrong X-CSRF-TOKEN', 'not-the-right-token'],
] as const;

describe.each(badTokens)('state-changing calls %s', (_label, csrf) => {
  it('register: 403 and no account is created', async () => {
    const payload = buildRegistration();
    const client = await app.visitor();
    expectError(await client.post('/api/auth/register', payload, { csrf }), 403, CSRF_MESSAGE);
    expect(client.cookies.has('sp_session')).toBe(false);
    // The username and email are still free: nothing was stored.
    expect((await client.post('/api/auth/register', payload)).status).toBe(201);
  });

  it('login: 403 and no session is started', async () => {
    const { registration } = await signUp(app.origin);
    const client = await app.visitor();
    expectError(await client.post('/api/auth/login', credentialsOf(registration), { csrf }), 403, CSRF_MESSAGE);
    expect(client.cookies.has('sp_session')).toBe(false);
    expect((await client.get<VerifyResponse>('/api/auth/verify')).body.valid).toBe(false);
  });

  it('logout: 403 and the session survives', async () => {
    const { client } = await signUp(app.origin);
    expectError(await client.post('/api/auth/logout', undefined, { csrf }), 403, CSRF_MESSAGE);
    expect((await client.get<VerifyResponse>('/api/auth/verify')).body.valid).toBe(true);
  });

  it('unknown routes are refused before anything else', async () => {
    const client = await app.visitor();
    expectError(await client.post('/api/anything', {}, { csrf }), 403, CSRF_MESSAGE);
  });
});

describe('CSRF token binding', () => {
  it("one visitor's token does not work for another visitor", async () => {
    const alice = await app.visitor();
    const mallory = await app.visitor();
    expect(alice.csrfToken).not.toBe(mallory.csrfToken);
    expectError(await alice.post('/api/auth/register', buildRegistration(), { csrf: mallory.csrfToken ?? '' }), 403, CSRF_MESSAGE);
  });

  it("one session's token does not work for another session", async () => {
    const alice = await signUp(app.origin);
    const bob = await signUp(app.origin);
    expectError(await alice.client.post('/api/auth/logout', undefined, { csrf: bob.auth.csrf_token }), 403);
    expect((await alice.client.get<VerifyResponse>('/api/auth/verify')).body.valid).toBe(true);
  });

  it('the token from before sign-in stops working once signed in', async () => {
    const client = await app.visitor();
    const visitorToken = client.csrfToken ?? '';
    expect((await client.post('/api/auth/register', buildRegistration())).status).toBe(201);
    expect(client.csrfToken).not.toBe(visitorToken);
    expectError(await client.post('/api/auth/logout', undefined, { csrf: visitorToken }), 403);
  });

  it('a client with no cookies at all cannot post, whatever header it invents', async () => {
    const client = app.client();
    expectError(await client.post('/api/auth/register', buildRegistration(), { csrf: 'x'.repeat(43) }), 403);
  });
});
