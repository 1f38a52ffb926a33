import type { IncomingMessage } from 'node:http';
import type { PageLocals } from '../../shared/page-locals.ts';
import type { Identity } from '../auth/identity.ts';
import type { LookupFor } from './page-lookup.ts';
import type { PreloadFor } from './page-preload.ts';
import { socketHost } from './security-headers.ts';

export const HOME_REWRITE = '/home';
export type ServerPageLocals = PageLocals & { homeRewrite: boolean };

/**
 * What Astro pages receive for this request. A signed-in GET of `/` is rewritten to the SSR greeting (/home),
 * keeping the query string; the prerendered landing page is only for visitors (ADR 007). `socketHost` is the
 * layout's host for the policy's socket sources (never Astro.url, which holds the raw Host header).
 */
export function pageLocalsFor(
  req: IncomingMessage,
  pathname: string,
  who: Identity,
  opts: { publicUrl: URL | undefined; preload: PreloadFor; lookup: LookupFor },
): ServerPageLocals {
  const user = who.session
    ? { id: who.session.userId, username: who.session.username, email: who.session.email, role: who.session.role }
    : null;
  const homeRewrite = pathname === '/' && !!user && (req.method === 'GET' || req.method === 'HEAD');
  if (homeRewrite) req.url = HOME_REWRITE + (req.url?.slice(1) ?? '');
  const viewerId = user?.id ?? null;
  const [preload, lookup] = [opts.preload(viewerId), opts.lookup(viewerId)];
  return { user, csrfToken: who.csrfToken, socketHost: socketHost(req, opts.publicUrl), preload, lookup, homeRewrite };
}
