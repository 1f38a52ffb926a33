// @vitest-environment happy-dom
/**
 * The session store's fallbacks (spec §4, §8) when no server text comes back: the network is down, or a proxy
 * answers with HTML. Also verify's `valid: false` branch, which our API never sends with a 200 but the store
 * honours. The real-server journeys are in tests/integration/client/session-store.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCsrfCookie, deadOrigin, json, nextMillisecond, startStandIn, visit, type StandIn } from './support/stand-in.ts';

let standIn: StandIn;
let session: typeof import('../../../src/stores/accounts/session.ts');
let api: typeof import('../../../src/client/api.ts');
const signedOut = { user: null, isAuthenticated: false, loading: false, error: null };
const wireUser = { user_id: 42, username: 'link', email: 'link@hyrule.test', expires_at: '2030-01-01T00:00:00.000Z' };
const storedUser = { id: 42, username: 'link', email: 'link@hyrule.test', expiresAt: '2030-01-01T00:00:00.000Z' };
const credentials = { email: 'link@hyrule.test', password: 'master-sword' };

beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(() => standIn.close());
beforeEach(async () => {
  clearCsrfCookie();
  await nextMillisecond();
  visit(standIn.origin);
  vi.resetModules(); // a fresh page load: fresh store, no remembered token
  api = await import('../../../src/client/api.ts');
  session = await import('../../../src/stores/accounts/session.ts');
});

const badGateway = (res: import('node:http').ServerResponse) =>
  res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad Gateway</h1>');

describe('sign-in and registration without a server message', () => {
  it("store 'An unexpected error occurred' when the network is down, and re-throw", async () => {
    visit(await deadOrigin());
    await expect(session.login(credentials)).rejects.toBeDefined();
    expect(session.$session.get()).toEqual({ ...signedOut, error: 'An unexpected error occurred' });
    session.clearError();
    await expect(
      session.register({ ...credentials, username: 'link', confirmPassword: 'master-sword', birthMonth: 1, birthDay: 2, birthYear: 2000 }),
    ).rejects.toBeDefined();
    expect(session.$session.get()).toEqual({ ...signedOut, error: 'An unexpected error occurred' });
  });

  it("store 'An unexpected error occurred' when a proxy answers with an HTML error page", async () => {
    standIn.respond = (_req, res) => badGateway(res);
    await expect(session.login(credentials)).rejects.toMatchObject({ status: 502 });
    expect(session.$session.get().error).toBe('An unexpected error occurred');
  });
});

describe('verify', () => {
  it("settles signed out with 'Authentication failed' when the network is down; the app-start check still ends", async () => {
    visit(await deadOrigin());
    await session.checkSessionOnce();
    expect(session.$sessionChecked.get()).toBe(true);
    expect(session.$session.get()).toEqual({ ...signedOut, error: 'Authentication failed' });
  });

  it('a 200 with valid: false clears a signed-in user and adopts the token it carries', async () => {
    standIn.respond = (_req, res) => json(res, 200, { valid: true, ...wireUser, csrf_token: 'session-token' });
    await session.verify();
    expect(session.$session.get()).toEqual({ user: storedUser, isAuthenticated: true, loading: false, error: null });

    standIn.respond = (_req, res) => json(res, 200, { valid: false, csrf_token: 'visitor-token' });
    await session.verify();
    expect(session.$session.get()).toEqual(signedOut);
    expect(api.currentCsrfToken()).toBe('visitor-token');
  });
});

describe('logout failure', () => {
  async function signIn() {
    standIn.respond = (_req, res) => json(res, 200, { user: wireUser, csrf_token: 'session-token' });
    document.cookie = 'csrf_token=session-token; Path=/; SameSite=Lax';
    await session.login(credentials);
  }

  it("stores 'Sign-out failed' when the network is down, expires the csrf_token cookie and forgets the token", async () => {
    await signIn();
    visit(await deadOrigin()); // same host, so the page keeps its cookies
    expect(document.cookie).toContain('csrf_token=session-token');
    await expect(session.logout()).resolves.toBeUndefined();
    await nextMillisecond();
    expect(session.$session.get()).toMatchObject({ loading: false, error: 'Sign-out failed' });
    expect(document.cookie).not.toContain('csrf_token');
    expect(api.currentCsrfToken()).toBe('');
    expect(session.$signingOut.get()).toBe(false);
  });

  it("stores 'Sign-out failed' when a proxy answers with an HTML error page", async () => {
    await signIn();
    standIn.respond = (_req, res) => badGateway(res);
    await session.logout();
    expect(session.$session.get().error).toBe('Sign-out failed');
    session.clearError();
    expect(session.$session.get().error).toBeNull();
  });
});
