/**
 * NOTE: the browser's view of the csrf_token cookie (the server sets it; it is deliberately readable by JS).
 * Safe to import during SSR: without `document` it reads nothing and writes nothing.
 */
import { CSRF_COOKIE } from '../shared/constants.ts';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** Spec §4: when logout fails the client forgets its CSRF token anyway. */
export function expireCsrfCookie(): void {
  if (typeof document === 'undefined') return;
  // Same attributes as the server's cookie (Secure behind HTTPS), or the browser keeps the original.
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CSRF_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
