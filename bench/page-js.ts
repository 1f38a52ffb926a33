/**
 * NOTE: JS a signed-out visitor's browser gets from a page (the landing page by default), measured two ways:
 * - `crawlPageScripts`: from the HTML alone — inline scripts, <script src>, modulepreload links, Astro island
 *   component/renderer URLs — then every static `import`/`export … from` inside the fetched JS, transitively.
 *   Dynamic `import()` targets are listed apart (loaded later, on demand) and not counted.
 * - `chromiumPageScripts`: what Chromium really loads for the page until the network is idle.
 * Sizes are gzip at zlib's default level (what a server or CDN would send).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

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

export async function chromiumPageScripts(origin: string, executablePath: string, pagePath = '/'): Promise<PageJs> {
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const loaded: Promise<ScriptSize>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        loaded.push(response.text().then((text) => sizeOf(new URL(response.url()).pathname, text)));
    });
    await page.goto(`${origin}${pagePath}`, { waitUntil: 'networkidle' });
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
