/**
 * Issue 25 journeys: the installable app (manifest and service worker pass Chromium's installability checks), a
 * push delivered to the worker through Chromium's DevTools protocol shows its notification and a click on it opens
 * the chat, the offline page when the network is gone, and the account screen's 'Notifications on this device'.
 */
import { chromium, type Page } from '@playwright/test';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newAccount, registerViaApi } from './support/accounts.ts';
import { befriend, createRoom } from './support/chat-room.ts';
import { expect, test } from './support/fixtures.ts';
import { anotherPerson } from './support/people.ts';

/** Loads `path` and waits until the service worker controls the page. */
async function controlled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Activated, not just claiming: a push delivered while the worker still activates is dropped.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** Delivers `data` to the page's service worker as a push service would (DevTools' ServiceWorker domain). */
async function pushTo(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<{ id: string; origin: string }>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const r = registrations.find((x) => !x.isDeleted);
      if (r) resolve({ id: r.registrationId, origin: new URL(r.scopeURL).origin });
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const { id, origin } = await registration;
  return (data: unknown) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(data) });
}

test('the app is installable: its manifest and service worker pass Chromium’s checks', async ({ baseURL }, testInfo) => {
  // Chromium never offers to install from an incognito profile, which every test context is: use a real one.
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-pwa-'));
  const launch = testInfo.project.use.launchOptions!;
  const context = await chromium.launchPersistentContext(profile, { ...launch, baseURL, viewport: testInfo.project.use.viewport });
  const page = context.pages()[0] ?? (await context.newPage());
  await registerViaApi(page, newAccount('pwa'));
  await controlled(page, '/feed');
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data!)).toMatchObject({ name: 'Savepoint', display: 'standalone', start_url: '/' });
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  // Nothing but the shell is kept: no page and no API answer in the worker's caches.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(cached).toContain('/offline');
  expect(cached.filter((u) => u !== '/offline' && !u.startsWith('/_astro/') && !u.startsWith('/icons/') && u !== '/favicon.svg')).toEqual(
    [],
  );
  await context.close();
  await fs.rm(profile, { recursive: true, force: true });
});

test('a push delivered to the worker shows its notification, and a click on it opens the chat', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await registerViaApi(page, newAccount('pwa'));
  const other = await anotherPerson(browser, testInfo, baseURL);
  const sender = await registerViaApi(other.page, newAccount('pws'));
  await befriend(page, { page: other.page, username: sender.username });
  const roomId = await createRoom(page, [other.page]);
  await page.context().grantPermissions(['notifications']);
  await controlled(page, '/feed');
  const push = await pushTo(page);
  const payload = {
    title: sender.username,
    body: 'gg, one more?',
    url: `/chats/${roomId}`,
    tag: `chat-${roomId}`,
    icon: '/icons/icon-192.png',
  };
  await push(payload);
  const shown = async () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: n.data?.url,
      })),
    );
  await expect.poll(shown).toEqual([{ title: sender.username, body: 'gg, one more?', tag: `chat-${roomId}`, url: `/chats/${roomId}` }]);
  // A newer message in the same chat replaces it rather than piling up.
  await push({ ...payload, body: 'hello?' });
  await expect.poll(async () => (await shown()).map((n) => n.body)).toEqual(['hello?']);
  // The click, as the worker gets it (DevTools cannot click a system notification).
  const [worker] = page.context().serviceWorkers();
  await worker!.evaluate(async () => {
    // The worker's own globals (the project's TypeScript knows the window's, not a service worker's).
    type WorkerScope = { registration: ServiceWorkerRegistration; NotificationEvent: new (type: string, init: object) => Event };
    const scope = self as unknown as WorkerScope & EventTarget;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(new RegExp(`/chats/${roomId}$`));
  await expect(page.getByRole('heading', { level: 1, name: sender.username })).toBeVisible();
});

test('with the network gone, a page shows the offline page; back online, Try again loads it', async ({ page, context }) => {
  await registerViaApi(page, newAccount('pwo'));
  await controlled(page, '/feed');
  await context.setOffline(true);
  await page.goto('/games');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Feed' })).toHaveCount(0);
  // Its icon comes from the worker's cache too.
  await expect.poll(() => page.locator('main img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Games' })).toBeVisible();
});

test('the account screen: notifications for this device are asked for only on a press; what to notify about is kept', async ({
  page,
  context,
}) => {
  await registerViaApi(page, newAccount('pwn'));
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Notifications on this device' });
  await expect(card.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  const likes = card.getByRole('switch', { name: 'Likes on your posts' });
  await expect(likes).not.toBeChecked();
  await expect(card.getByRole('switch', { name: 'Chat messages' })).toBeChecked();
  await card.getByText('Likes on your posts').click();
  await expect(likes).toBeChecked();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Notifications on this device' }).getByRole('switch', { name: 'Likes on your posts' }),
  ).toBeChecked();
  await context.clearPermissions();
});
