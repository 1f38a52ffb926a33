/**
 * NOTE: JS a signed-out visitor's browser gets from a page (the landing page by default), measured two ways:
 * - `crawlPageScripts`: from the HTML alone — inline scripts, <script src>, modulepreload links, Astro island
 *   component/renderer URLs — then every static `import`/`export … from` inside the fetched JS, transitively.
 *   Dynamic `import()` targets are listed apart (loaded later, on demand) and not counted.
 * - `chromiumPageScripts`: what Chromium really loads for the page until the network is idle (and stays idle a
 *   second later: the socket client, loaded after hydration, is counted).
 * - `chromiumPaintTiming`: Largest Contentful Paint and total blocking time of a page with the CPU throttled.
 * Sizes are gzip at zlib's default level (what a server or CDN would send).
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';

export type ScriptSize = { url: string; bytes: number; gzip: number };
export type PageJs = { scripts: ScriptSize[]; gzip: number; lazy: string[] };

const sizeOf = (url: string, text: string): ScriptSize => ({ url, bytes: Buffer.byteLength(text), gzip: gzipSync(text).length });
const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];

export function scriptUrlsInHtml(html: string): { inline: string[]; urls: string[] } {
  const inline: string[] = [];
  const urls: string[] = [];
  for (const [, open, text] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    const src = attr(open!, 'src');
    const type = attr(open!, 'type');
    if (src) urls.push(src);
    else if (text!.trim() && (!type || /javascript|module/i.test(type))) inline.push(text!);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/rel\s*=\s*["']?modulepreload/i.test(tag)) urls.push(attr(tag, 'href') ?? '');
  }
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url']) urls.push(attr(tag, name) ?? '');
  }
  return { inline, urls: urls.filter(Boolean) };
}

export function importsIn(js: string): { staticImports: string[]; dynamicImports: string[] } {
  const staticImports = [...js.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+)["']/g)].map((m) => m[1]!);
  const dynamicImports = [...js.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
  return { staticImports, dynamicImports };
}

export async function crawlPageScripts(origin: string, pagePath = '/', headers: Record<string, string> = {}): Promise<PageJs> {
  const page = await fetch(`${origin}${pagePath}`, { headers, redirect: 'manual' });
  if (!page.ok) throw new Error(`GET ${pagePath} answered ${page.status}`);
  const { inline, urls } = scriptUrlsInHtml(await page.text());
  const scripts = inline.map((text, i) => sizeOf(`(inline script ${i + 1})`, text));
  const lazy = new Set<string>();
  const seen = new Set<string>();
  const queue = [...urls, ...inline.flatMap((text) => importsIn(text).staticImports)].map((u) => new URL(u, `${origin}/`).href);
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
    const text = await res.text();
    scripts.push(sizeOf(new URL(url).pathname, text));
    const { staticImports, dynamicImports } = importsIn(text);
    for (const spec of staticImports) queue.push(new URL(spec, url).href);
    for (const spec of dynamicImports) lazy.add(new URL(spec, url).pathname);
  }
  const counted = new Set(scripts.map((s) => s.url));
  return { scripts, gzip: total(scripts), lazy: [...lazy].filter((p) => !counted.has(p)) };
}

const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** `cookie` is a Cookie header ("a=1; b=2") sent as the page's own cookies, so a signed-in page can be measured. */
async function contextFor(browser: Browser, origin: string, cookie: string | undefined, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  if (cookie) {
    const cookies = cookie.split(/;\s*/).map((pair) => {
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: origin };
    });
    await context.addCookies(cookies);
  }
  return context;
}

export async function chromiumPageScripts(origin: string, executablePath: string, pagePath = '/', cookie?: string): Promise<PageJs> {
  const browser = await chromium.launch({ executablePath, args: launchArgs });
  try {
    const page = await (await contextFor(browser, origin, cookie)).newPage();
    const loaded: Promise<ScriptSize>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        loaded.push(response.text().then((text) => sizeOf(new URL(response.url()).pathname, text)));
    });
    await page.goto(`${origin}${pagePath}`, { waitUntil: 'networkidle' });
    // Idle means idle: what hydration starts (the socket client, an island's own chunks) has arrived too.
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
    const inline = await page.$$eval('script:not([src])', (nodes) =>
      nodes
        .filter((n) => !n.getAttribute('type') || /javascript|module/i.test(n.getAttribute('type')!))
        .map((n) => n.textContent ?? '')
        .filter((t) => t.trim()),
    );
    const scripts = [...inline.map((text, i) => sizeOf(`(inline script ${i + 1})`, text)), ...(await Promise.all(loaded))];
    return { scripts, gzip: total(scripts), lazy: [] };
  } finally {
    await browser.close();
  }
}

const total = (scripts: ScriptSize[]) => scripts.reduce((sum, s) => sum + s.gzip, 0);

export type PaintTiming = { lcpMs: number; tbtMs: number; longTasks: number };

/**
 * LCP and total blocking time (the sum of each long task's time beyond 50 ms, from first contentful paint until
 * the network has been idle for a second) of one page load in a fresh context, with Chromium's CPU throttled
 * `cpuSlowdown` times through the DevTools protocol (`Emulation.setCPUThrottlingRate`), as Lighthouse's phone runs.
 */
export async function chromiumPaintTiming(
  origin: string,
  executablePath: string,
  pagePath: string,
  options: { cookie?: string; width: number; height: number; cpuSlowdown: number },
): Promise<PaintTiming> {
  const browser = await chromium.launch({ executablePath, args: launchArgs });
  try {
    const context = await contextFor(browser, origin, options.cookie, { width: options.width, height: options.height });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __tasks: { start: number; duration: number }[] };
      w.__lcp = 0;
      w.__tasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    await page.goto(`${origin}${pagePath}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __tasks: { start: number; duration: number }[] };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const blocking = w.__tasks.filter((t) => t.start + t.duration > fcp).map((t) => Math.max(0, t.duration - 50));
      return { lcpMs: Math.round(w.__lcp), tbtMs: Math.round(blocking.reduce((a, b) => a + b, 0)), longTasks: w.__tasks.length };
    });
  } finally {
    await browser.close();
  }
}
