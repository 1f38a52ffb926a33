/**
 * Security headers on every kind of answer of a server whose PUBLIC_URL is https, with the built site (it is
 * built first when stale, as `npm start` does): HSTS on API, static, page, error and socket.io responses; the
 * page policy (default-src 'self' and the explicit fetch directives, frame-ancestors as a header) on the
 * landing page and on server-rendered pages; API JSON may load and be framed nowhere. The socket's host in the
 * policy is PUBLIC_URL's, or without it a plain Host header's: a forged Host never reaches the policy.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
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

/** A GET with a Host header of our choosing (fetch sends the URL's own). */
function getWithHost(origin: string, pathname: string, host: string, cookie?: string) {
  return new Promise<{ status: number; policy: string | null }>((resolve, reject) => {
    const headers: Record<string, string> = { host, ...(cookie ? { cookie } : {}) };
    const req = http.get(new URL(pathname, origin), { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, policy: (res.headers['content-security-policy'] as string) ?? null }));
    });
    req.on('error', reject);
  });
}

/** Hosts a client may claim, each trying to add a directive of its own (spaces make it no URL host at all). */
const FORGED_HOSTS = ['evil.example; report-uri https://evil.example/r', 'evil.example;report-uri', "evil.example 'unsafe-inline'"];
/** Every Host the tests send that is not a plain host[:port]. */
const BAD_HOSTS = [...FORGED_HOSTS, 'evil.example,wss://evil.example', 'evil.example/r'];

/** The landing page and server-rendered ones (signed out and in) answer `connect-src` exactly so for this Host. */
async function expectSocketSources(origin: string, host: string, cookie: string, expected: string[]) {
  for (const [page, who] of [
    ['/', undefined],
    ['/login', undefined],
    ['/feed', cookie],
  ] as const) {
    const res = await getWithHost(origin, page, host, who);
    const what = `${page} for Host ${host}`;
    expect(res.policy, what).not.toContain('evil');
    expect(directives(res.policy).has('report-uri'), what).toBe(false);
    // Astro builds the page's URL from the Host too: a forged one may lose it the path (it falls back to
    // http://localhost/), and the guards redirect. Only a forged Host may; the policy above holds either way.
    if (res.status === 302 && BAD_HOSTS.includes(host)) continue;
    expect(res.status, what).toBe(200);
    expect(directives(res.policy).get('connect-src'), what).toEqual(expected);
  }
}

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
    const host = 'savepoint.example'; // PUBLIC_URL's: the browser's socket goes there, whatever Host the proxy sends
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

  it("names PUBLIC_URL's host for the socket whatever Host arrives; a forged one never reaches the policy", async () => {
    const ann = await signUp(app.origin);
    const sources = ["'self'", 'blob:', 'ws://savepoint.example', 'wss://savepoint.example'];
    for (const host of [new URL(app.origin).host, 'upstream:4321', ...FORGED_HOSTS]) {
      await expectSocketSources(app.origin, host, ann.client.cookieHeader(), sources);
    }
  });

  it('gives API JSON a policy that loads nothing and is framed nowhere; stored files keep their sandbox', async () => {
    const res = await fetch(`${app.origin}/api/health`);
    expect(directives(res.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
    expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('the socket in the page policy without PUBLIC_URL (the quick start)', () => {
  let local: TestServer;
  beforeAll(async () => {
    local = await startTestServer({}, path.join(REPO, 'dist'));
  });
  afterAll(async () => local?.stop());

  it("names the Host a page was asked for when it is a plain host[:port], and none (only 'self') when it is not", async () => {
    const ann = await signUp(local.origin);
    const port = new URL(local.origin).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'savepoint.lan', `Savepoint-1.example.org:${port}`]) {
      await expectSocketSources(local.origin, host, ann.client.cookieHeader(), ["'self'", 'blob:', `ws://${host}`, `wss://${host}`]);
    }
    for (const host of BAD_HOSTS) {
      await expectSocketSources(local.origin, host, ann.client.cookieHeader(), ["'self'", 'blob:']);
    }
  });
});
