/**
 * Security headers on every kind of answer of a server whose PUBLIC_URL is https, with the built site (it is
 * built first when stale, as `npm start` does): HSTS on API, static, page, error and socket.io responses; the
 * page policy (default-src 'self' and the explicit fetch directives, frame-ancestors as a header) on the
 * landing page and on server-rendered pages; API JSON may load and be framed nowhere.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const HSTS = 'max-age=31536000; includeSubDomains';
let app: TestServer;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: REPO, stdio: 'inherit' });
  expect(built.status).toBe(0);
  app = await startTestServer({ PUBLIC_URL: 'https://savepoint.example' }, path.join(REPO, 'dist'));
}, 600_000);
afterAll(async () => app?.stop());

/** The directives of one policy header, by name. */
const directives = (policy: string | null) =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...values]) => [name, values]),
  );

function expectPagePolicy(policy: string | null, host: string) {
  const d = directives(policy);
  // 'self': Astro's ClientRouter frames the next page itself; every other site is refused.
  expect(d.get('frame-ancestors')).toEqual(["'self'"]);
  expect(d.get('object-src')).toEqual(["'none'"]);
  expect(d.get('base-uri')).toEqual(["'self'"]);
  expect(d.get('form-action')).toEqual(["'self'"]);
  expect(d.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'blob:', `ws://${host}`, `wss://${host}`]));
  expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(d.get('media-src')).toEqual(["'self'", 'blob:']);
  expect(d.get('worker-src')).toEqual(["'self'", 'blob:']);
}

describe('security headers behind https', () => {
  it('sends HSTS on API answers, errors, static files, pages and socket.io', async () => {
    const paths = [
      '/api/health',
      '/api/nope',
      '/api/profile/',
      '/favicon.svg',
      '/',
      '/login',
      '/no-such-page',
      '/socket.io/?EIO=4&transport=polling',
    ];
    for (const p of paths) {
      const res = await fetch(app.origin + p, { redirect: 'manual', headers: { origin: 'https://savepoint.example' } });
      await res.arrayBuffer();
      expect(res.headers.get('strict-transport-security'), `${p} ${res.status}`).toBe(HSTS);
    }
    const assets = fs.readdirSync(path.join(REPO, 'dist/client/_astro')).filter((f) => f.endsWith('.js'));
    const asset = await fetch(`${app.origin}/_astro/${assets[0]}`, { method: 'HEAD' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('strict-transport-security')).toBe(HSTS);
  });

  it('puts the page policy on the landing page (header plus meta) and on server-rendered pages', async () => {
    const host = new URL(app.origin).host;
    const landing = await fetch(`${app.origin}/`);
    expectPagePolicy(landing.headers.get('content-security-policy'), host);
    // The landing header is a second policy: naming default-src or script-src there would refuse the hashed scripts.
    expect(directives(landing.headers.get('content-security-policy')).has('default-src')).toBe(false);
    expect(directives(landing.headers.get('content-security-policy')).has('script-src')).toBe(false);
    const meta = (await landing.text()).match(/http-equiv="content-security-policy" content="([^"]+)"/i)?.[1] ?? '';
    expect(directives(meta).get('default-src')).toEqual(["'self'"]);
    expect(directives(meta).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);

    const ann = await signUp(app.origin);
    for (const page of ['/login', '/feed', '/chats']) {
      const res = await fetch(app.origin + page, { headers: { cookie: ann.client.cookieHeader() }, redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status !== 200) continue; // redirects of the page guards carry no policy of their own
      const policy = res.headers.get('content-security-policy');
      expectPagePolicy(policy, host);
      expect(directives(policy).get('default-src')).toEqual(["'self'"]);
      expect(directives(policy).get('script-src')).toContain("'self'");
    }
    const feed = await fetch(`${app.origin}/feed`, { headers: { cookie: ann.client.cookieHeader() } });
    expect(feed.status).toBe(200);
    expectPagePolicy(feed.headers.get('content-security-policy'), host);
  });

  it('gives API JSON a policy that loads nothing and is framed nowhere; stored files keep their sandbox', async () => {
    const res = await fetch(`${app.origin}/api/health`);
    expect(directives(res.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
    expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
  });
});
