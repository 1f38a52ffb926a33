import type { ServerResponse } from 'node:http';

/** Headers for every page. Script and style sources are set by Astro's hashed CSP on the page itself. */
export function setPageSecurityHeaders(res: ServerResponse, https: boolean): void {
  res.setHeader('Content-Security-Policy', "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'");
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
