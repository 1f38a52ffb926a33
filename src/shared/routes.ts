/** The route table of spec §2, as the page guards apply it. */
export const SIGNED_IN_PREFIXES = ['/profile', '/search', '/feed', '/chats'] as const;
export const SIGNED_OUT_ONLY = ['/login', '/register'] as const;

export const matchesPrefix = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
export const needsSignIn = (pathname: string) => SIGNED_IN_PREFIXES.some((p) => matchesPrefix(pathname, p));
export const signedOutOnly = (pathname: string) => SIGNED_OUT_ONLY.some((p) => matchesPrefix(pathname, p));

/** Only same-site paths may be returned to after sign-in (no `//evil.example`, no schemes). */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
