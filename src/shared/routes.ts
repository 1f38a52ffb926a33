/** The route table of spec §2, as the page guards apply it. */
export const SIGNED_IN_PREFIXES = [
  '/profile',
  '/search',
  '/feed',
  '/chats',
  '/account',
  '/games',
  '/communities',
  '/lfg',
  '/notifications',
] as const;
/** Where any path the visitor may not know about goes (unknown paths, and staff pages for everyone else). */
export const NOT_FOUND_REDIRECT = '/';
export const SIGNED_OUT_ONLY = ['/login', '/register'] as const;

export const matchesPrefix = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
export const needsSignIn = (pathname: string) => SIGNED_IN_PREFIXES.some((p) => matchesPrefix(pathname, p));
export const signedOutOnly = (pathname: string) => SIGNED_OUT_ONLY.some((p) => matchesPrefix(pathname, p));

const THIS_SITE = 'http://this-site.invalid';

/**
 * Only same-site paths may be returned to after sign-in (no `//evil.example`, no schemes). The path is
 * resolved the way a browser would (which drops tabs and newlines: `/\t/evil.example` means `//evil.example`)
 * and returned normalised, so what we hand the browser is exactly what we checked.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(next, THIS_SITE);
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== THIS_SITE || path.startsWith('//')) return '/';
  return path;
}
