import { describe, expect, it } from 'vitest';
import { cookieNames, parseCookies, serializeCookie } from '../../../src/server/auth/cookies.ts';

describe('parseCookies', () => {
  it('reads name=value pairs, trimming spaces', () => {
    const jar = parseCookies('sp_session=abc; csrf_token=def ;theme=dark');
    expect([...jar]).toEqual([
      ['sp_session', 'abc'],
      ['csrf_token', 'def'],
      ['theme', 'dark'],
    ]);
  });

  it('keeps the first of duplicate names (the most specific path, per RFC 6265 ordering)', () => {
    expect(parseCookies('a=1; a=2').get('a')).toBe('1');
  });

  it('keeps "=" inside values and ignores malformed parts', () => {
    const jar = parseCookies('token=ab=c==; junk; ; empty=');
    expect(jar.get('token')).toBe('ab=c==');
    expect(jar.get('empty')).toBe('');
    expect([...jar.keys()]).toEqual(['token', 'empty']);
  });

  it('is empty without a header', () => {
    expect(parseCookies(undefined).size).toBe(0);
    expect(parseCookies('').size).toBe(0);
  });
});

describe('serializeCookie', () => {
  it('writes Path=/ and SameSite=Lax always, HttpOnly, Secure and Max-Age when asked', () => {
    expect(serializeCookie('sp_session', 'v', { httpOnly: true, secure: false, maxAgeSeconds: 60 })).toBe(
      'sp_session=v; Path=/; SameSite=Lax; HttpOnly; Max-Age=60',
    );
    expect(serializeCookie('csrf_token', 't', { httpOnly: false, secure: true })).toBe('csrf_token=t; Path=/; SameSite=Lax; Secure');
  });

  it('round-trips through parseCookies', () => {
    const line = serializeCookie('csrf_token', 'x-Y_z', { httpOnly: false, secure: false });
    expect(parseCookies(line.split(';')[0]).get('csrf_token')).toBe('x-Y_z');
  });
});

describe('cookieNames', () => {
  it('uses the __Host- prefix for HttpOnly cookies behind HTTPS, and csrf_token always (the spec reads it)', () => {
    expect(cookieNames(false)).toEqual({
      session: 'sp_session',
      visitor: 'sp_visitor',
      device: 'sp_device',
      csrf: 'csrf_token',
      secure: false,
    });
    expect(cookieNames(true)).toEqual({
      session: '__Host-sp_session',
      visitor: '__Host-sp_visitor',
      device: '__Host-sp_device',
      csrf: 'csrf_token',
      secure: true,
    });
  });
});
