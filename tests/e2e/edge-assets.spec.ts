/**
 * Issue 25: the static part on an edge host. The site is built with ASSETS_URL pointing at a second local origin
 * that serves only dist/client (as a CDN would, with CORS); pages from the Node server then load every script and
 * style from there, islands hydrate, the policy refuses nothing, and the service worker still works.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createStaticFiles } from '../../src/server/http/static-files.ts';
import { newAccount, registerViaApi } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { islandsHydrated } from './support/islands.ts';
import { freeLoopbackPort, startProductionServer, type ProductionServer } from './support/production-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT_DIR = path.join(ROOT, '.tmp', 'edge-dist');

let cdn: http.Server | undefined;
let site: ProductionServer | undefined;
let cdnOrigin = '';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(300_000);
  const port = await freeLoopbackPort();
  cdnOrigin = `http://127.0.0.1:${port}`;
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  const built = spawnSync('npm', ['run', 'build', '--silent', '--', '--outDir', OUT_DIR], {
    cwd: ROOT,
    env: { ...process.env, ASSETS_URL: cdnOrigin },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the build with ASSETS_URL failed:\n${built.stdout}\n${built.stderr}`);
  // The edge host: dist/client only, with the CORS header module scripts and the worker's fetches need.
  const serve = createStaticFiles(path.join(OUT_DIR, 'client'));
  cdn = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    void serve(req, res, new URL(req.url ?? '/', cdnOrigin).pathname).then((served) => served || res.writeHead(404).end());
  });
  await new Promise<void>((resolve) => cdn!.listen(port, '127.0.0.1', resolve));
  site = await startProductionServer({
    logFile: path.join(ROOT, 'test-results', 'edge-server.log'),
    env: { SITE_DIR: OUT_DIR, ASSETS_URL: cdnOrigin },
  });
});

test.afterAll(async () => {
  await site?.stop();
  await new Promise((resolve) => (cdn ? cdn.close(resolve) : resolve(undefined)));
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
});

test('pages load their scripts and styles from ASSETS_URL, islands hydrate, the policy refuses nothing', async ({ browser }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL: site!.origin });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => /content[- ]security[- ]policy|refused/i.test(m.text()) && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  const assets: string[] = [];
  page.on('request', (r) => r.url().includes('/_astro/') && assets.push(r.url()));

  // The landing page (prerendered) and a signed-in page (server-rendered).
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign up' }).first()).toBeVisible();
  await registerViaApi(page, newAccount('edge'));
  await page.goto('/feed');
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  expect(assets.some((u) => u.endsWith('.js'))).toBe(true);
  expect(assets.some((u) => u.endsWith('.css'))).toBe(true);
  expect(assets.filter((u) => !u.startsWith(`${cdnOrigin}/_astro/`))).toEqual([]);
  const policy = (await page.request.get('/feed')).headers()['content-security-policy'] ?? '';
  expect(policy).toContain(`script-src 'self' ${cdnOrigin}/_astro/`);

  // The video editor's ffmpeg worker and its engine come from the edge host too (through a same-origin blob: worker).
  await page.getByRole('dialog', { name: 'Notifications' }).press('Escape');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Content' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose image or video' }).click();
  await (await chooser).setFiles(path.resolve(ROOT, '../shared/fixtures/clip-20s-640x360.mp4'));
  const start = dialog.getByRole('slider', { name: 'Trim start' });
  await expect(start).toHaveAttribute('aria-valuenow', '0');
  for (let i = 0; i < 2; i++) await start.press('PageUp');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/media/upload') && r.request().method() === 'POST', {
    timeout: 180_000,
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  expect((await answered).status()).toBe(201);
  expect(assets.some((u) => u.includes('ffmpeg-core') && u.endsWith('.wasm'))).toBe(true);

  // The worker is the Node server's, and its offline page comes styled from the edge host's files.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js'));
  expect(await page.evaluate(() => new URL(navigator.serviceWorker.controller!.scriptURL).origin)).toBe(site!.origin);
  await context.setOffline(true);
  await page.goto('/games');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveCSS('background-color', 'rgb(25, 118, 210)');
  await context.setOffline(false);
  expect(problems).toEqual([]);
  await context.close();
});
