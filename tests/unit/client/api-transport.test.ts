// @vitest-environment happy-dom
/**
 * src/client/api.ts over real HTTP in a browser page (happy-dom), against stand-ins for what may answer
 * instead of our API (a proxy's HTML error page, an empty reply, a stalled upstream, no server at all).
 * What the real API does with the requests is covered in tests/integration/client/.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCsrfCookie, deadOrigin, json, nextMillisecond, startStandIn, visit, type StandIn } from './support/stand-in.ts';

let standIn: StandIn;
let client: typeof import('../../../src/client/api.ts');

beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(() => standIn.close());
beforeEach(async () => {
  vi.restoreAllMocks();
  clearCsrfCookie();
  await nextMillisecond();
  standIn.requests.length = 0;
  visit(standIn.origin);
  vi.resetModules(); // a fresh page: no token remembered from an earlier response
  client = await import('../../../src/client/api.ts');
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('the request succeeded'),
    (err: unknown) => err,
  );
}

describe('what the api client sends', () => {
  it('JSON to the API base path, with the csrf_token cookie as X-CSRF-TOKEN and the cookies', async () => {
    document.cookie = 'csrf_token=token-from-cookie; Path=/; SameSite=Lax';
    standIn.respond = (_req, res) => json(res, 200, { ok: true });
    await client.api.post('/things', { name: 'Zelda', count: 3 });
    await client.api.delete('/things', { request_id: 9 });
    await client.api.get('/things?page=2');
    const [post, del, get] = standIn.requests;
    expect(post).toMatchObject({ method: 'POST', url: '/api/things', body: '{"name":"Zelda","count":3}' });
    expect(post!.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      'x-csrf-token': 'token-from-cookie',
      cookie: expect.stringContaining('csrf_token=token-from-cookie'),
    });
    expect(del).toMatchObject({ method: 'DELETE', body: '{"request_id":9}' });
    expect(get).toMatchObject({ method: 'GET', url: '/api/things?page=2', body: '' });
    expect(get!.headers['x-csrf-token']).toBe('token-from-cookie');
    expect(get!.headers['content-type']).toBeUndefined();
  });

  it('a token adopted from an auth response wins over the cookie until it is forgotten', async () => {
    document.cookie = 'csrf_token=token-from-cookie; Path=/; SameSite=Lax';
    standIn.respond = (_req, res) => json(res, 200, {});
    client.adoptCsrfToken('token-from-response');
    client.adoptCsrfToken(undefined); // a response without a token changes nothing
    client.adoptCsrfToken('');
    await client.api.put('/things', {});
    client.forgetCsrfToken();
    await client.api.put('/things', {});
    expect(standIn.requests.map((r) => r.headers['x-csrf-token'])).toEqual(['token-from-response', 'token-from-cookie']);
  });

  it('upload posts a FormData as multipart (the browser picks the boundary), with the token', async () => {
    document.cookie = 'csrf_token=token-from-cookie; Path=/; SameSite=Lax';
    standIn.respond = (_req, res) => json(res, 200, { ok: true });
    const form = new FormData();
    form.append('file', new Blob(['picture-bytes'], { type: 'image/jpeg' }), 'picture.jpg');
    await client.api.upload('/profile/picture', form);
    const [upload] = standIn.requests;
    expect(upload).toMatchObject({ method: 'POST', url: '/api/profile/picture' });
    expect(upload!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload!.headers['x-csrf-token']).toBe('token-from-cookie');
    expect(upload!.body).toContain('name="file"');
    expect(upload!.body).toContain('picture-bytes');
  });

  it('without any token it still sends the header, empty (the server then refuses with its own message)', async () => {
    standIn.respond = (_req, res) => json(res, 200, {});
    await client.api.post('/things');
    expect(standIn.requests[0]!.headers['x-csrf-token']).toBe('');
  });
});

describe('what the caller gets back', () => {
  it("a proxy's HTML error page: ApiError with the status and no server text", async () => {
    standIn.respond = (_req, res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad Gateway</h1>');
    const err = await rejection(client.api.get('/auth/verify'));
    expect(err).toBeInstanceOf(client.ApiError);
    expect(err).toMatchObject({ status: 502, serverMessage: null, body: null, message: 'Request failed with status 502' });
    expect(client.serverMessageOf(err)).toBeNull();
  });

  it('a JSON error without a string `error` field: no server text, but the body is kept', async () => {
    standIn.respond = (_req, res) => json(res, 422, { error: { code: 7 }, detail: 'odd' });
    const err = await rejection(client.api.post('/things', {}));
    expect(err).toMatchObject({ status: 422, serverMessage: null, body: { error: { code: 7 }, detail: 'odd' } });
  });

  it('a success without a body resolves with null', async () => {
    standIn.respond = (_req, res) => res.writeHead(204).end();
    await expect(client.api.delete('/things/1')).resolves.toBeNull();
  });

  it('a network failure rejects with the browser’s error, which carries no server text', async () => {
    visit(await deadOrigin());
    const err = await rejection(client.api.get('/auth/verify'));
    expect(err).not.toBeInstanceOf(client.ApiError);
    expect(client.serverMessageOf(err)).toBeNull();
  });

  it('has no timeout: a reply after a 2.5 s stall still arrives, and no abort signal is attached', { timeout: 10_000 }, async () => {
    const pageFetch = vi.spyOn(globalThis, 'fetch');
    standIn.respond = (_req, res) => setTimeout(() => json(res, 200, { late: true }), 2500);
    await expect(client.api.get('/slow')).resolves.toEqual({ late: true });
    expect(pageFetch).toHaveBeenCalledOnce();
    expect(pageFetch.mock.calls[0]![1]?.signal ?? null).toBeNull();
  });
});
