/**
 * NOTE: page requests. The prerendered landing page is sent as a file to signed-out visitors; signed-in ones get
 * the SSR greeting (/home) instead, so the marketing page never flashes. The prerendered offline page goes to
 * anyone. Everything else goes to Astro's handler with the session in locals, where the route guards read it.
 */
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IdentityResolver } from '../auth/identity.ts';
import { pageLocalsFor } from './page-locals.ts';
import type { LookupFor } from './page-lookup.ts';
import type { PreloadFor } from './page-preload.ts';
import { setPageSecurityHeaders, socketHost } from './security-headers.ts';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: object) => Promise<void>;

export async function createPageHandler(opts: {
  siteDir: string;
  identity: IdentityResolver;
  publicUrl: URL | undefined;
  /** ASSETS_URL's folder of hashed files (ADR 053), which the page policy allows images and fonts from. */
  assetsSource?: string;
  preload: PreloadFor;
  lookup: LookupFor;
}) {
  const entry = path.join(opts.siteDir, 'server', 'entry.mjs');
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  // Prerendered: they cannot change while the server runs.
  const landingHtml = await fs.readFile(path.join(opts.siteDir, 'client', 'index.html'));
  // The service worker's offline page (ADR 053): the same for everyone, whoever asks.
  const offlineHtml = await fs.readFile(path.join(opts.siteDir, 'client', 'offline', 'index.html'));

  return async function servePage(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const who = await opts.identity.resolve(req.headers.cookie);
    for (const cookie of who.setCookies) res.appendHeader('Set-Cookie', cookie);
    setPageSecurityHeaders(res, socketHost(req, opts.publicUrl), opts.assetsSource);
    const reading = req.method === 'GET' || req.method === 'HEAD';
    if (reading && (pathname === '/offline' || (pathname === '/' && !who.session))) {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      if (pathname === '/') res.setHeader('Vary', 'Cookie');
      res.end(req.method === 'HEAD' ? undefined : pathname === '/' ? landingHtml : offlineHtml);
      return;
    }
    const locals = pageLocalsFor(req, pathname, who, opts);
    res.setHeader('Cache-Control', 'private, no-store');
    // Whatever Astro cannot route (e.g. undecodable paths) goes home, like any other unknown path (spec §2).
    await handler(req, res, () => res.writeHead(302, { Location: '/' }).end(), locals);
  };
}
