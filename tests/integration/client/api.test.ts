/**
 * The browser's api client (src/client/api.ts) against the real server, in a browser tab: cookies, the
 * X-CSRF-TOKEN header and the errors callers see. Tests run in order, like one visitor's page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, VerifyResponse } from '../../../src/shared/api-types.ts';
import { CSRF_COOKIE } from '../../../src/shared/constants.ts';
import { buildRegistration } from '../../../src/server/db/factories/users.ts';
import { useTestServer } from '../support/server.ts';
import { loadClientModules, openBrowserTab, type BrowserTab } from './support/browser-tab.ts';

const app = useTestServer();
let tab: BrowserTab;
let client: Awaited<ReturnType<typeof loadClientModules>>;
const registration = buildRegistration();

beforeAll(async () => {
  tab = openBrowserTab(app.origin);
  client = await loadClientModules();
});
afterAll(() => tab?.close());

const csrfCookie = () => new RegExp(`(?:^|; )${CSRF_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];

/** The rejection of `promise`, which must reject. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('the request succeeded'),
    (err: unknown) => err,
  );
}

describe('api client in a browser tab', () => {
  it("a signed-out verify rejects with the server's status, error text and body, and leaves the csrf_token cookie", async () => {
    const { api, ApiError } = client.api;
    expect(csrfCookie()).toBeUndefined();
    const err = await rejection(api.get('/auth/verify'));
    expect(err).toBeInstanceOf(ApiError);
    const apiError = err as InstanceType<typeof ApiError>;
    expect(apiError).toMatchObject({ status: 401, serverMessage: 'Not signed in', message: 'Not signed in' });
    const body = apiError.body as VerifyResponse;
    expect(body.valid).toBe(false);
    expect(csrfCookie()).toBe(body.csrf_token);
    expect(client.api.currentCsrfToken()).toBe(body.csrf_token);
  });

  it('sends the cookies and the csrf_token cookie as X-CSRF-TOKEN, so the server accepts a registration', async () => {
    const tokenBefore = csrfCookie();
    const res = await client.api.api.post<AuthResponse>('/auth/register', registration);
    expect(res.user).toMatchObject({ username: registration.username, email: registration.email });
    const sent = tab.network.at(-1);
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/api/auth/register',
      csrfHeader: tokenBefore,
      credentials: 'include',
      status: 201,
    });
    // The new session's token arrives as a cookie too; the HttpOnly session cookie rides along from now on.
    expect(csrfCookie()).toBe(res.csrf_token);
    const verified = await client.api.api.get<VerifyResponse>('/auth/verify');
    expect(verified).toMatchObject({ valid: true, username: registration.username, csrf_token: res.csrf_token });
  });

  it('the header follows the cookie: a forged csrf_token cookie gets the server’s 403 text', async () => {
    const { api, ApiError } = client.api;
    const genuine = csrfCookie();
    document.cookie = `${CSRF_COOKIE}=forged-token; Path=/; SameSite=Lax`;
    try {
      const err = await rejection(api.post('/auth/logout'));
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 403, serverMessage: 'Invalid or missing CSRF token. Reload the page and try again.' });
      expect(tab.network.at(-1)?.csrfHeader).toBe('forged-token');
    } finally {
      document.cookie = `${CSRF_COOKIE}=${genuine}; Path=/; SameSite=Lax`;
    }
    // Still signed in: the refused logout changed nothing.
    expect(await api.get<VerifyResponse>('/auth/verify')).toMatchObject({ valid: true });
  });

  it("errors carry the server's text and status (409 conflict, 400 validation, 401 credentials)", async () => {
    const { api, ApiError, serverMessageOf } = client.api;
    const taken = await rejection(api.post('/auth/register', { ...buildRegistration(), username: registration.username }));
    expect(taken).toBeInstanceOf(ApiError);
    expect(taken).toMatchObject({ status: 409, message: 'Username is already taken' });
    expect(serverMessageOf(taken)).toBe('Username is already taken');

    const invalid = await rejection(api.post('/auth/login', { email: 'not-an-email', password: 'x' }));
    expect(invalid).toMatchObject({ status: 400, serverMessage: 'Please enter a valid email address' });

    const wrong = await rejection(api.post('/auth/login', { email: registration.email, password: 'wrong-password-1' }));
    expect(wrong).toMatchObject({ status: 401, serverMessage: 'Invalid email or password' });
    expect((wrong as InstanceType<typeof ApiError>).body).toEqual({ error: 'Invalid email or password' });
  });

  it('resolves with the parsed JSON body, with or without a request body', async () => {
    const res = await client.api.api.post<{ success: boolean; csrf_token: string }>('/auth/logout');
    expect(res).toEqual({ success: true, csrf_token: expect.any(String) });
    expect(csrfCookie()).toBe(res.csrf_token);
    const health = await client.api.api.get<{ status: string }>('/health');
    expect(health).toEqual({ status: 'ok' });
  });
});
