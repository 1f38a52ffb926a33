/**
 * `GET /api/auth/verify` is answered before the router (api/fast-verify.ts); any other spelling of it (a trailing
 * slash, a query) still goes through the router. Both must answer alike: status, body, cookies and headers. A
 * kept-alive connection keeps its last Cookie header parsed (auth/identity.ts), and a cached session's answer is
 * serialised once: neither may outlive a change to the session or the person.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.ts';
import { ApiClient, type ApiResponse } from './support/http-client.ts';
import { useTestServer } from './support/server.ts';
import { sql } from './support/social.ts';

const app = useTestServer();

/** What must agree: everything but the per-request id, the date and the fresh random cookie values. */
function shape(res: ApiResponse) {
  const headers = Object.fromEntries(
    [...res.headers].filter(([name]) => !['x-request-id', 'date', 'set-cookie', 'keep-alive'].includes(name)),
  );
  const cookies = res.headers.getSetCookie().map((line) => line.replace(/=[^;]*/, '=…'));
  const body = { ...(res.body as Record<string, unknown>), csrf_token: typeof (res.body as { csrf_token?: unknown }).csrf_token };
  return { status: res.status, headers, cookies, body };
}

async function both(client: () => ApiClient) {
  const fast = await client().get('/api/auth/verify');
  const routed = await client().get('/api/auth/verify/');
  expect(fast.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(shape(fast)).toEqual(shape(routed));
  return fast;
}

describe('GET /api/auth/verify before the router', () => {
  it('answers a signed-in person, a stranger and an ended session exactly as the routed handler does', async () => {
    const me = await signUp(app.origin);
    const signedIn = await both(() => me.client);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ valid: true, username: me.registration.username, csrf_token: me.client.csrfToken });

    const stranger = await both(() => new ApiClient(app.origin));
    expect(stranger.status).toBe(401);
    expect(stranger.headers.getSetCookie().length).toBe(2);

    const copy = () => {
      const c = new ApiClient(app.origin);
      for (const [name, value] of me.client.cookies) c.cookies.set(name, value);
      return c;
    };
    await sql(app.database, 'delete from sessions where user_id = $1', [me.auth.user.user_id]);
    await app.server.sessionCache.settle();
    const ended = await both(copy);
    expect(ended.status).toBe(401);
    expect(ended.headers.getSetCookie().some((line) => /=;.*Max-Age=0/i.test(line))).toBe(true);
  });

  it('leaves other spellings to the router, which answers alike', async () => {
    const me = await signUp(app.origin);
    const withQuery = await me.client.get('/api/auth/verify?x=1');
    expect(shape(withQuery)).toEqual(shape(await me.client.get('/api/auth/verify')));
  });
});

describe('GET /api/auth/verify on one kept-alive connection', () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string, cookie: string) =>
    new Promise<{ status: number; body: Record<string, unknown>; reused: boolean }>((resolve, reject) => {
      const req = http.get(new URL(path, app.origin), { agent, headers: { cookie } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), reused: req.reusedSocket }));
      });
      req.on('error', reject);
    });

  it('follows a change of cookies, of role and the end of the session from one request to the next', async () => {
    const [me, other] = await Promise.all([signUp(app.origin), signUp(app.origin)]);
    const mine = me.client.cookieHeader();
    expect((await get('/api/auth/verify', mine)).body).toMatchObject({ username: me.registration.username, role: 'member' });
    const theirs = await get('/api/auth/verify', other.client.cookieHeader());
    expect(theirs).toMatchObject({ reused: true, body: { username: other.registration.username } });
    expect((await get('/api/auth/verify', mine)).body).toMatchObject({ username: me.registration.username });

    await sql(app.database, `update users set role = 'moderator' where id = $1`, [me.auth.user.user_id]);
    await app.server.sessionCache.settle();
    expect(await get('/api/auth/verify', mine)).toMatchObject({ reused: true, body: { role: 'moderator' } });

    await sql(app.database, 'delete from sessions where user_id = $1', [me.auth.user.user_id]);
    await app.server.sessionCache.settle();
    expect(await get('/api/auth/verify', mine)).toMatchObject({ reused: true, status: 401 });
    expect(await get('/api/auth/verify/', mine)).toMatchObject({ reused: true, status: 401 });
    agent.destroy();
  });
});
