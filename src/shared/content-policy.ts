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

export const FRAME_ANCESTORS = "frame-ancestors 'self'";

/** socket.io's WebSocket to this same host ('self' covers ws:/wss: only in newer browsers). */
export const socketSources = (host: string) => `connect-src 'self' blob: ws://${host} wss://${host}` as const;
