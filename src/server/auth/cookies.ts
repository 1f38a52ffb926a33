/**
 * NOTE: every cookie the server sets is described here. Behind HTTPS the session cookie takes the `__Host-`
 * prefix (Secure, Path=/, no Domain), which browsers enforce.
 */
import { CSRF_COOKIE } from '../../shared/constants.ts';

export type CookieNames = { session: string; visitor: string; device: string; csrf: string; secure: boolean };

export function cookieNames(secure: boolean): CookieNames {
  return {
    session: secure ? '__Host-sp_session' : 'sp_session',
    visitor: secure ? '__Host-sp_visitor' : 'sp_visitor',
    device: secure ? '__Host-sp_device' : 'sp_device',
    csrf: CSRF_COOKIE,
    secure,
  };
}

type CookieOptions = { httpOnly: boolean; maxAgeSeconds?: number; secure: boolean };

export function serializeCookie(name: string, value: string, opts: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/', 'SameSite=Lax'];
  if (opts.httpOnly) parts.push('HttpOnly');
  if (opts.secure) parts.push('Secure');
  if (opts.maxAgeSeconds !== undefined) parts.push(`Max-Age=${opts.maxAgeSeconds}`);
  return parts.join('; ');
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (!jar.has(name)) jar.set(name, part.slice(eq + 1).trim());
  }
  return jar;
}
