/**
 * NOTE: headers for every page the server answers itself, and HSTS for every response behind https. Script and
 * style sources are Astro's hashed policy on the page (src/shared/content-policy.ts says how the two combine);
 * Astro's own header replaces this one on server-rendered pages, which get the same directives from the layout.
 * The socket's host in the policy comes from `socketHost` only (PUBLIC_URL, or a Host header that is a plain
 * host[:port]), never from the raw Host header: the layout reads the same value from locals.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FRAME_ANCESTORS, isPolicyHost, pageDirectives, socketSources } from '../../shared/content-policy.ts';

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Every API answer's headers besides its request id (routes may override Cache-Control), as Node's flat
 * name/value list. JSON is never a document: if one is opened directly, it may load nothing and be framed nowhere.
 */
export const API_HEADERS = [
  'X-Content-Type-Options',
  'nosniff',
  'Cache-Control',
  'no-store',
  'Content-Security-Policy',
  "default-src 'none'; frame-ancestors 'none'",
] as const;

/**
 * The host pages' sockets connect to, for their policy: PUBLIC_URL's when set (behind a proxy the Host header may be
 * the proxy's upstream name), else the request's Host header if it is a plain host[:port], else null.
 */
export function socketHost(req: IncomingMessage, publicUrl: URL | undefined): string | null {
  if (publicUrl) return isPolicyHost(publicUrl.host) ? publicUrl.host : null;
  return isPolicyHost(req.headers.host) ? req.headers.host : null;
}

/** Everything of the page policy except default-src (this header is a policy of its own: see content-policy.ts). */
const pagePolicy = (host: string | null, assetsSource: string | undefined) =>
  [FRAME_ANCESTORS, ...pageDirectives(assetsSource).filter((d) => !/^(default-src|connect-src) /.test(d)), socketSources(host)].join('; ');

/** `host`: from `socketHost`, never a raw header; `assetsSource`: ASSETS_URL's hashed files, which pages load. */
export function setPageSecurityHeaders(res: ServerResponse, host: string | null, assetsSource?: string): void {
  res.setHeader('Content-Security-Policy', pagePolicy(host, assetsSource));
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
}
