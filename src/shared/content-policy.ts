/**
 * NOTE: the pages' Content-Security-Policy beyond scripts and styles (Astro adds those, with per-build hashes).
 * - PAGE_DIRECTIVES go into Astro's policy of every page (astro.config.mjs): a <meta> on the prerendered landing
 *   page, a header on server-rendered ones. Only directives a <meta> may carry belong here.
 * - framing is same-origin only ('self', not 'none'): Astro's ClientRouter loads the next page in a hidden
 *   same-origin iframe when it has client-only islands. Every other site is still refused (no clickjacking).
 * - frame-ancestors cannot live in a <meta>, and the socket's ws:/wss: origin is known only per request: the
 *   layout inserts both on server-rendered pages, and the server's header (security-headers.ts) carries them on
 *   the landing page. That header must never name default-src or script-src: it is a second policy, enforced on
 *   its own, and would refuse the hashed inline scripts only Astro's policy lists.
 * - blob: is for previews of a picked file (img, video, and the browser reading it back) and workers; data: for
 *   small inline images.
 * - the socket's host is PUBLIC_URL's when set, else the request's Host only if it is a plain host[:port]
 *   (`socketHost` in security-headers.ts), and `socketSources` checks it again: a Host header is whatever the
 *   client sent, and 'evil.example; report-uri …' must never become a directive. Without a host the policy keeps
 *   'self', which covers the socket in current browsers.
 */
export const PAGE_DIRECTIVES = [
  "default-src 'self'",
  "connect-src 'self' blob:",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "font-src 'self'",
  "manifest-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
] as const;

/**
 * PAGE_DIRECTIVES with the hashed files' folder on ASSETS_URL (shared/assets-url.ts `assetsSource`) added where they
 * are loaded from: images, fonts and connections; scripts and styles through Astro's script and style directives
 * (astro.config.mjs). The video editor's worker is loaded from the pages' own origin (trim-video.ts): a worker's own
 * requests (its engine, from ASSETS_URL) are not the page's.
 */
export function pageDirectives(
  assetsSource: string | undefined,
): Array<(typeof PAGE_DIRECTIVES)[number] | `${'img-src' | 'font-src' | 'connect-src'} ${string}`> {
  if (!assetsSource) return [...PAGE_DIRECTIVES];
  return PAGE_DIRECTIVES.map((d) => (/^(img-src|font-src|connect-src) /.test(d) ? (`${d} ${assetsSource}` as `img-src ${string}`) : d));
}

export const FRAME_ANCESTORS = "frame-ancestors 'self'";

/** A DNS name has at most 253 characters; with a colon and a port, 259. */
const HOST_MAX = 259;
/**
 * A host as a policy may name it: a DNS name or an IPv4 address (letters, digits, hyphens, dots) or a bracketed
 * IPv6 address, with an optional port. Nothing else: no spaces, semicolons, commas, quotes or paths.
 */
const HOST = /^(?:[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

export const isPolicyHost = (host: string | null | undefined): host is string =>
  typeof host === 'string' && host.length <= HOST_MAX && HOST.test(host);

/**
 * socket.io's WebSocket to this same host ('self' covers ws:/wss: only in newer browsers). A host that is not a
 * plain host[:port] (or none) is left out, never written into the policy.
 */
export const socketSources = (host: string | null | undefined): `connect-src ${string}` =>
  isPolicyHost(host) ? `connect-src 'self' blob: ws://${host} wss://${host}` : "connect-src 'self' blob:";
