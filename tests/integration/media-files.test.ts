import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MediaViewResponse } from '../../src/shared/api-types.ts';
import { createMediaUrls } from '../../src/server/services/media/media-urls.service.ts';
import { signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { fetchSigned, post, storedPostFile } from './support/media.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();
const HOUR = 3_600_000;
/** URLs signed with the server's own secret, as of another time. */
const signerAt = async (when: number) => createMediaUrls(await fs.readFile(path.join(app.dataDir, 'session-secret'), 'utf8'), () => when);

describe('GET /api/media/{id}/view and the signed file URL', () => {
  it('answers a signed URL that works without cookies, with nosniff, a sandbox CSP and validators', async () => {
    const ann = await signUp(app.origin);
    const item = await post(ann, 'clip-6s-480x270.mp4');
    const view = await ann.client.get<MediaViewResponse>(`/api/media/${item.id}/view`);
    expect(view.status).toBe(200);
    expect(view.body.signedURL).toMatch(new RegExp(`^/api/media/file/${item.id}/original\\?expires=\\d+&sig=[\\w-]+$`));
    expect(Date.parse(view.body.expires_at)).toBeGreaterThan(Date.now() + 50 * 60_000);

    const res = await fetchSigned(app.origin, view.body.signedURL);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.compare(res.bytes, await storedPostFile(app, item.id))).toBe(0);
    const again = await fetchSigned(app.origin, view.body.signedURL, { 'if-none-match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('serves byte ranges for seeking: first bytes, an open end, a suffix; 416 beyond the end', async () => {
    const ben = await signUp(app.origin);
    const item = await post(ben, 'clip-6s-480x270.mp4');
    const whole = await storedPostFile(app, item.id);
    const size = whole.length;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      [`bytes=${size - 1000}-`, size - 1000, size - 1],
      ['bytes=-500', size - 500, size - 1],
      [`bytes=100-${size + 5000}`, 100, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await fetchSigned(app.origin, item.url, { range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(Buffer.compare(res.bytes, whole.subarray(start, end + 1)), range).toBe(0);
    }
    const beyond = await fetchSigned(app.origin, item.url, { range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    expect((await fetchSigned(app.origin, item.url, { range: 'bytes=0-1,5-9' })).status).toBe(200);
  });

  it('refuses tampered, swapped and expired signatures with 403', async () => {
    const cat = await signUp(app.origin);
    const [a, b] = [await post(cat), await post(cat)];
    const forbidden = 'This media link is invalid or has expired';
    const tampered = a.url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expectError(await fetchSigned(app.origin, tampered), 403, forbidden);
    expectError(await fetchSigned(app.origin, a.url.replace(`/file/${a.id}/`, `/file/${b.id}/`)), 403, forbidden);
    expectError(await fetchSigned(app.origin, a.url.replace('/original?', '/thumb?')), 403, forbidden);
    expectError(await fetchSigned(app.origin, a.url.replace(/expires=\d+/, 'expires=99999999999999')), 403, forbidden);
    const old = (await signerAt(Date.now() - 2 * HOUR)).sign(a.id, 'original').url;
    expectError(await fetchSigned(app.origin, old), 403, forbidden);
    const fresh = (await signerAt(Date.now())).sign(a.id, 'original').url;
    expect((await fetchSigned(app.origin, fresh)).status).toBe(200);
  });

  it('answers 404 for unknown, malformed or out-of-range post ids, and to signed-out callers 401', async () => {
    const dan = await signUp(app.origin);
    expectError(await dan.client.get('/api/media/999999/view'), 404, 'Post not found');
    expectError(await dan.client.get('/api/media/99999999999999999999/view'), 404);
    expectError(await dan.client.get('/api/media/0'), 404, 'Post not found');
    expectError(await app.client().get('/api/media/1/view'), 401);
  });
});
