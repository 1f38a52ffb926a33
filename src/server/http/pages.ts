/**
 * NOTE: page requests. The prerendered landing page is sent as a file to signed-out visitors; signed-in ones get
 * the SSR greeting (/home) instead, so the marketing page never flashes. Everything else goes to Astro's
 * handler with the session in locals, where the route guards read it.
 */
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageLocals } from '../../shared/page-locals.ts';
import type { IdentityResolver } from '../auth/identity.ts';
import { setPageSecurityHeaders } from './security-headers.ts';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: object) => Promise<void>;
export const HOME_REWRITE = '/home';

export async function createPageHandler(opts: { siteDir: string; identity: IdentityResolver; https: boolean }) {
  const entry = path.join(opts.siteDir, 'server', 'entry.mjs');
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  const landing = path.join(opts.siteDir, 'client', 'index.html');

  return async function servePage(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const who = await opts.identity.resolve(req.headers.cookie);
    for (const cookie of who.setCookies) res.appendHeader('Set-Cookie', cookie);
    setPageSecurityHeaders(res, opts.https);
    const user = who.session ? { id: who.session.userId, username: who.session.username, email: who.session.email } : null;
    const locals: PageLocals & { homeRewrite?: boolean } = { user, csrfToken: who.csrfToken };

    if (pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      if (!user) {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Vary', 'Cookie');
        res.end(req.method === 'HEAD' ? undefined : await fs.readFile(landing));
        return;
      }
      req.url = HOME_REWRITE + (req.url?.slice(1) ?? '');
      locals.homeRewrite = true;
    }
    res.setHeader('Cache-Control', 'private, no-store');
    await handler(
      req,
      res,
      () => {
        res.statusCode = 404;
        res.end('Not found');
      },
      locals,
    );
  };
}
