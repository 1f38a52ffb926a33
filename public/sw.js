/**
 * NOTE: Savepoint's service worker (ADR 053), scope /. It is served from the pages' own origin even when the hashed
 * assets come from ASSETS_URL. Rules:
 * - Cached: the offline page with its assets and the app's icons (on install), and hashed /_astro/ files (the
 *   app shell: scripts, styles, fonts) as they are used. Hashed files never change, so they are served from the
 *   cache first; nothing else is ever stored: no API answer, no page, no media, nobody's data.
 * - A page that cannot be loaded (no network, or the server down behind its proxy) shows the offline page.
 * - A push shows a notification (title, body, icon, tag: a newer one with the same tag replaces it, and a chat's
 *   alerts again unless it was replaced moments ago); a click focuses a Savepoint tab and asks it to show the push's
 *   page (it moves with ClientRouter, keeping an upload running), loads it there, or opens a new window.
 * Plain JavaScript, no build step: keep it small and dependency-free. Bump VERSION when the shell changes.
 */
const VERSION = 'v1';
const SHELL = `shell-${VERSION}`;
const ASSETS = 'assets';
const OFFLINE = '/offline';
const ICON = '/icons/icon-192.png';
/** Kept on install beside the offline page, which shows them (they revalidate online: only offline are they read here). */
const SHELL_FILES = [ICON, '/favicon.svg'];
/** Hashed files kept; the oldest go first (each deploy adds new names). */
const ASSETS_MAX = 300;
/** Larger files (the in-browser video editor's wasm) are left to the HTTP cache. */
const ASSET_BYTES_MAX = 5 * 1024 * 1024;

const isAsset = (url) => url.pathname.startsWith('/_astro/');

async function keep(cache, request, response) {
  const length = Number(response.headers.get('content-length') ?? 0);
  if (!response.ok || length > ASSET_BYTES_MAX || (response.type !== 'basic' && response.type !== 'cors')) return;
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - ASSETS_MAX))) await cache.delete(old);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL);
      const page = await fetch(OFFLINE, { cache: 'reload' });
      if (!page.ok) throw new Error(`${OFFLINE} answered ${page.status}`);
      const html = await page.clone().text();
      await shell.put(OFFLINE, page);
      await shell.addAll(SHELL_FILES);
      // The offline page's own styles and scripts (from this origin or ASSETS_URL's).
      const assets = await caches.open(ASSETS);
      const urls = [...html.matchAll(/(?:href|src)="([^"]*\/_astro\/[^"]+)"/g)].map((m) => new URL(m[1], self.location.origin).href);
      await Promise.all(
        [...new Set(urls)].map(async (url) => keep(assets, new Request(url, { mode: 'cors' }), await fetch(url, { mode: 'cors' }))),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('shell-') && key !== SHELL) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

async function offlinePage() {
  return (await caches.match(OFFLINE, { cacheName: SHELL })) ?? Response.error();
}

async function page(request) {
  try {
    const response = await fetch(request);
    // The proxy in front answers these when no node is up: as good as offline.
    return response.status >= 502 && response.status <= 504 ? offlinePage() : response;
  } catch {
    return offlinePage();
  }
}

async function asset(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  await keep(cache, request, response.clone()).catch(() => {});
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') return event.respondWith(page(request));
  const url = new URL(request.url);
  if (isAsset(url)) return event.respondWith(asset(request));
  if (url.origin === self.location.origin && SHELL_FILES.includes(url.pathname)) {
    return event.respondWith(
      fetch(request).catch(async () => (await caches.match(url.pathname, { cacheName: SHELL })) ?? Response.error()),
    );
  }
  // Everything else (the API, sockets, media, pictures) goes to the network untouched and is never stored.
});

/** A chat's notification replaced within this long stays quiet: a busy chat updates it without buzzing each time. */
const QUIET_MS = 30_000;

async function show(data) {
  const tag = typeof data.tag === 'string' ? data.tag : undefined;
  const [previous] = tag ? await self.registration.getNotifications({ tag }) : [];
  const recent = previous !== undefined && Date.now() - previous.timestamp < QUIET_MS;
  await self.registration.showNotification(typeof data.title === 'string' ? data.title : 'Savepoint', {
    body: typeof data.body === 'string' ? data.body : '',
    icon: typeof data.icon === 'string' ? data.icon : ICON,
    badge: ICON,
    tag,
    // A chat's notification is replaced by its newest message: that one should still be heard, now and then.
    renotify: Boolean(tag && tag.startsWith('chat-') && !recent),
    data: { url: typeof data.url === 'string' ? data.url : '/' },
  });
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data.text() };
  }
  event.waitUntil(show(data));
});

/** Asks a tab to show `url` itself (stores/push/notification-clicks.ts keeps what it is doing); true once it agreed. */
function askToOpen(tab, url) {
  const channel = new MessageChannel();
  const agreed = new Promise((resolve) => {
    channel.port1.onmessage = () => resolve(true);
    setTimeout(() => resolve(false), 1000);
  });
  tab.postMessage({ type: 'open', url }, [channel.port2]);
  return agreed;
}

async function open(url) {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((c) => c.url === url) ?? tabs.find((c) => c.focused) ?? tabs[0];
  if (!tab) return self.clients.openWindow(url);
  await tab.focus().catch(() => {});
  if (tab.url === url || (await askToOpen(tab, url))) return;
  // A page without the listener (signed out, or still loading): load the address there.
  if (!(await tab.navigate(url).catch(() => null))) await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  // Only our own pages: a push names a path, never another site.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(open(target.href));
});
