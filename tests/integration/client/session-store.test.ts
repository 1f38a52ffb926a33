/**
 * The session store (src/stores/accounts/session.ts; spec §3 "Auth state", §4 "Authentication") against the real server,
 * in one browser tab. Tests run in order, like one person using the page: the store is a page singleton.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResponse, SessionUser, VerifyResponse } from '../../../src/shared/api-types.ts';
import { CSRF_COOKIE } from '../../../src/shared/constants.ts';
import { buildRegistration } from '../../../src/server/db/factories/users.ts';
import { nextMillisecond } from '../../unit/client/support/stand-in.ts';
import { useTestServer } from '../support/server.ts';
import { loadClientModules, openBrowserTab, type BrowserTab } from './support/browser-tab.ts';

const app = useTestServer();
let tab: BrowserTab;
let client: Awaited<ReturnType<typeof loadClientModules>>;
const registration = buildRegistration();
const credentials = { email: registration.email, password: registration.password };
const CSRF_REFUSED = 'Invalid or missing CSRF token. Reload the page and try again.';

beforeAll(async () => {
  tab = openBrowserTab(app.origin);
  client = await loadClientModules();
});
afterAll(() => tab?.close());

const state = () => client.session.$session.get();
const csrfCookie = () => new RegExp(`(?:^|; )${CSRF_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
const lastResponse = <T>(path: string) => tab.network.findLast((e) => e.path === `/api${path}`)?.body as T;
/** Spec §3: the session user as the store keeps it, from the wire's user_id/username/email/expires_at. */
const mapped = (u: SessionUser) => ({ id: u.user_id, username: u.username, email: u.email, expiresAt: u.expires_at });

/** The server forgets this account's sessions (expiry, or a logout elsewhere). */
async function revokeSessionsOnServer(userId: number) {
  const db = app.database.connect();
  await db.connect();
  try {
    await db.query('delete from sessions where user_id = $1', [userId]);
  } finally {
    await db.end();
  }
  // The server drops what it holds in memory when it hears the database announce the deletion (milliseconds).
  await app.server.sessionCache.settle();
}

describe('session store in a browser tab', () => {
  it('starts signed out; the app-start check runs one verify and settles signed out for a visitor', async () => {
    const { $session, $sessionChecked, checkSessionOnce } = client.session;
    expect($session.get()).toEqual({ user: null, isAuthenticated: false, loading: false, error: null });
    expect($sessionChecked.get()).toBe(false);

    const first = checkSessionOnce();
    const second = checkSessionOnce();
    expect(state().loading).toBe(true);
    await Promise.all([first, second]);
    expect($sessionChecked.get()).toBe(true);
    expect(tab.network.filter((e) => e.path === '/api/auth/verify')).toHaveLength(1);
    // A verify failure clears the user and keeps the server's text.
    expect(state()).toEqual({ user: null, isAuthenticated: false, loading: false, error: 'Not signed in' });
  });

  it('register: pending sets loading and clears the error; success stores the user mapped from the response', async () => {
    expect(state().error).not.toBeNull();
    const pending = client.session.register(registration);
    expect(state()).toMatchObject({ loading: true, error: null });
    const user = await pending;
    const response = lastResponse<AuthResponse>('/auth/register');
    expect(response.user.username).toBe(registration.username);
    expect(user).toEqual(mapped(response.user));
    expect(state()).toEqual({ user: mapped(response.user), isAuthenticated: true, loading: false, error: null });
    expect(client.api.currentCsrfToken()).toBe(response.csrf_token);
  });

  it("after sign-in the response's csrf_token is sent even when the cookie disagrees; logout then clears the user", async () => {
    const signedInToken = lastResponse<AuthResponse>('/auth/register').csrf_token;
    document.cookie = `${CSRF_COOKIE}=stale-token; Path=/; SameSite=Lax`;
    expect(client.api.currentCsrfToken()).toBe(signedInToken);

    await client.session.logout();
    expect(tab.network.at(-1)).toMatchObject({ path: '/api/auth/logout', csrfHeader: signedInToken, status: 200 });
    expect(state()).toEqual({ user: null, isAuthenticated: false, loading: false, error: null });
    // Signed out, the visitor's new token (cookie and response alike) is the one sent from now on.
    const { csrf_token } = lastResponse<{ csrf_token: string }>('/auth/logout');
    expect(csrfCookie()).toBe(csrf_token);
    expect(client.api.currentCsrfToken()).toBe(csrf_token);
  });

  it("login failure stores the server's text and re-throws it; clearError clears it", async () => {
    const { login, register, clearError } = client.session;
    await expect(login({ ...credentials, password: 'not-my-password' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(state()).toEqual({ user: null, isAuthenticated: false, loading: false, error: 'Invalid email or password' });
    clearError();
    expect(state().error).toBeNull();

    await expect(register({ ...buildRegistration(), email: registration.email })).rejects.toMatchObject({ status: 409 });
    expect(state()).toMatchObject({ user: null, loading: false, error: 'Email is already registered' });
  });

  it('login: pending clears the error; success stores the mapped user', async () => {
    const pending = client.session.login(credentials);
    expect(state()).toMatchObject({ loading: true, error: null });
    await pending;
    const response = lastResponse<AuthResponse>('/auth/login');
    expect(state()).toEqual({ user: mapped(response.user), isAuthenticated: true, loading: false, error: null });
    expect(client.api.currentCsrfToken()).toBe(response.csrf_token);
  });

  it('verify keeps a live session signed in, and clears the user once the server has dropped the session', async () => {
    await client.session.verify();
    const live = lastResponse<VerifyResponse & { valid: true }>('/auth/verify');
    expect(live.valid).toBe(true);
    expect(state()).toEqual({ user: mapped(live), isAuthenticated: true, loading: false, error: null });

    await revokeSessionsOnServer(live.user_id);
    await client.session.verify();
    expect(state()).toMatchObject({ user: null, isAuthenticated: false, loading: false });
  });

  it("logout failure stores the server's text, expires the csrf_token cookie locally, and the page recovers", async () => {
    const { login, logout, verify, $signingOut } = client.session;
    await verify(); // picks up the visitor token the previous 401 carried
    await login(credentials);
    await revokeSessionsOnServer(state().user?.id ?? -1);

    await expect(logout()).resolves.toBeUndefined();
    expect(tab.network.at(-1)).toMatchObject({ path: '/api/auth/logout', status: 403 });
    expect(state()).toMatchObject({ loading: false, error: CSRF_REFUSED });
    await nextMillisecond();
    expect(csrfCookie()).toBeUndefined();
    expect(client.api.currentCsrfToken()).toBe('');
    expect($signingOut.get()).toBe(false);

    // A verify hands out a fresh visitor token, and signing in works again.
    await verify();
    expect(csrfCookie()).toBe(lastResponse<VerifyResponse>('/auth/verify').csrf_token);
    await login(credentials);
    expect(state()).toMatchObject({ isAuthenticated: true, error: null });
  });

  it('a 401 from any other call re-checks the session and ends it once; a 401 from sign-in does not', async () => {
    const ended: string[] = [];
    const stop = client.session.onSessionEnded(() => ended.push('ended'));
    await expect(client.api.api.post('/auth/login', { email: credentials.email, password: 'wrong password' })).rejects.toThrow();
    expect(state().isAuthenticated).toBe(true);
    await expect(client.api.api.get('/profile/')).resolves.toBeTruthy();
    expect(ended).toEqual([]);

    await revokeSessionsOnServer(state().user!.id);
    await Promise.allSettled([client.api.api.get('/profile/'), client.api.api.get('/notifications/')]);
    await vi.waitFor(() =>
      expect(state()).toMatchObject({ isAuthenticated: false, error: 'Your session has ended. Please sign in again.' }),
    );
    expect(ended).toEqual(['ended']);
    expect(tab.network.filter((e) => e.path === '/api/auth/verify' && e.status === 401).length).toBeGreaterThan(0);
    stop();
  });
});
