// @vitest-environment happy-dom
/**
 * src/client/cookies.ts in a browser page (happy-dom): reading the csrf_token cookie and expiring it locally
 * (spec §4: a failed logout expires it), on plain HTTP and behind HTTPS where the server's cookie is Secure.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expireCsrfCookie, readCookie } from '../../../src/client/cookies.ts';
import { nextMillisecond, visit } from './support/stand-in.ts';

const cookieNames = () => document.cookie.split('; ').map((pair) => pair.split('=')[0]);

afterEach(async () => {
  vi.restoreAllMocks();
  for (const name of cookieNames()) document.cookie = `${name}=; Path=/; Max-Age=0`;
  await nextMillisecond();
});

describe('readCookie', () => {
  it('finds a cookie among others by its exact name and decodes its value', () => {
    visit('http://savepoint.test/');
    document.cookie = 'xcsrf_token=wrong-1; Path=/';
    document.cookie = 'csrf_token2=wrong-2; Path=/';
    document.cookie = 'csrf_token=abc%3D%3D; Path=/';
    document.cookie = 'theme=dark; Path=/';
    expect(readCookie('csrf_token')).toBe('abc==');
    expect(readCookie('theme')).toBe('dark');
  });

  it('returns null when the cookie is missing', () => {
    visit('http://savepoint.test/');
    document.cookie = 'xcsrf_token=wrong; Path=/';
    expect(readCookie('csrf_token')).toBeNull();
  });
});

describe('expireCsrfCookie', () => {
  it('removes the csrf_token cookie and leaves the others', async () => {
    visit('http://savepoint.test/profile');
    document.cookie = 'csrf_token=abc; Path=/; SameSite=Lax';
    document.cookie = 'theme=dark; Path=/';
    expireCsrfCookie();
    await nextMillisecond();
    expect(readCookie('csrf_token')).toBeNull();
    expect(cookieNames()).toEqual(['theme']);
  });

  it("behind HTTPS it deletes with the server cookie's attributes, Secure included", async () => {
    visit('https://savepoint.example/profile');
    document.cookie = 'csrf_token=abc; Path=/; SameSite=Lax; Secure';
    // happy-dom does not model the browsers' rules on overwriting Secure cookies, so check what was written too.
    const written = vi.spyOn(document, 'cookie', 'set');
    expireCsrfCookie();
    await nextMillisecond();
    expect(readCookie('csrf_token')).toBeNull();
    expect(written.mock.calls.map(([cookie]) => cookie.split('; ').sort())).toEqual([
      ['Max-Age=0', 'Path=/', 'SameSite=Lax', 'Secure', 'csrf_token='],
    ]);
  });
});
