import { describe, expect, it } from 'vitest';
import { cookieNames, parseCookies } from '../../../src/server/auth/cookies.ts';
import { createIdentityResolver } from '../../../src/server/auth/identity.ts';
import type { ActiveSession, SessionStore } from '../../../src/server/auth/session-store.ts';
import { csrfTokenFor, hashToken, newOpaqueToken, safeEqual } from '../../../src/server/auth/tokens.ts';

const SECRET = 'unit-test-secret-unit-test-secret!';

describe('csrfTokenFor: bound to one session or visitor and to the server secret', () => {
  const id = newOpaqueToken();
  it('is stable for the same binding', () => {
    expect(csrfTokenFor(SECRET, { kind: 'session', id })).toBe(csrfTokenFor(SECRET, { kind: 'session', id }));
  });

  it('differs per id, per kind and per secret', () => {
    const token = csrfTokenFor(SECRET, { kind: 'session', id });
    expect(csrfTokenFor(SECRET, { kind: 'session', id: newOpaqueToken() })).not.toBe(token);
    expect(csrfTokenFor(SECRET, { kind: 'visitor', id })).not.toBe(token);
    expect(csrfTokenFor(`${SECRET}x`, { kind: 'session', id })).not.toBe(token);
  });

  it('reveals nothing of the id (not the id, not its stored hash)', () => {
    const token = csrfTokenFor(SECRET, { kind: 'session', id });
    expect(token).not.toContain(id);
    expect(token).not.toBe(hashToken(id));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('opaque tokens', () => {
  it('are 256-bit, url-safe and unique', () => {
    const tokens = new Set(Array.from({ length: 100 }, newOpaqueToken));
    expect(tokens.size).toBe(100);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('compare safely, including different lengths', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});

describe('identity resolver: which CSRF token a request must carry', () => {
  const session: ActiveSession = {
    token: newOpaqueToken(),
    tokenHash: '',
    id: 1,
    userId: 7,
    role: 'member',
    username: 'gamer',
    email: 'g@x.test',
    expiresAt: new Date(Date.now() + 3600_000),
  };
  session.tokenHash = hashToken(session.token);
  // Memory never knows a session here (`findCached` leaves it to `find`), except the one `remembered` names.
  let remembered: string | null = null;
  const store = {
    find: async (token: string) => (token === session.token ? session : null),
    findCached: (token: string) => (token === remembered ? session : undefined),
  } as unknown as SessionStore;
  const names = cookieNames(false);
  const resolver = createIdentityResolver({ sessions: store, secret: SECRET, names });

  it('gives a first-time visitor a visitor id and a readable csrf_token cookie', async () => {
    const who = await resolver.resolve(undefined);
    expect(who.session).toBeNull();
    const cookies = parseCookies(who.setCookies.map((c) => c.split(';')[0]).join('; '));
    const visitor = cookies.get('sp_visitor') ?? '';
    expect(visitor).toHaveLength(43);
    expect(cookies.get('csrf_token')).toBe(who.csrfToken);
    expect(who.csrfToken).toBe(csrfTokenFor(SECRET, { kind: 'visitor', id: visitor }));
    expect(who.setCookies.find((c) => c.startsWith('sp_visitor='))).toContain('HttpOnly');
    expect(who.setCookies.find((c) => c.startsWith('csrf_token='))).not.toContain('HttpOnly');
  });

  it('binds a signed-in request to its session, and sets nothing when the cookie is current', async () => {
    const token = csrfTokenFor(SECRET, { kind: 'session', id: session.token });
    const who = await resolver.resolve(`sp_session=${session.token}; csrf_token=${token}`);
    expect(who.session?.userId).toBe(7);
    expect(who.csrfToken).toBe(token);
    expect(who.setCookies).toEqual([]);
    expect(resolver.csrfMatches(who, token)).toBe(true);
  });

  it("refuses another visitor's token, a missing one, and the pre-sign-in token after sign-in", async () => {
    const a = await resolver.resolve(`sp_visitor=${newOpaqueToken()}`);
    const b = await resolver.resolve(`sp_visitor=${newOpaqueToken()}`);
    expect(resolver.csrfMatches(a, a.csrfToken)).toBe(true);
    expect(resolver.csrfMatches(a, b.csrfToken)).toBe(false);
    expect(resolver.csrfMatches(a, undefined)).toBe(false);
    expect(resolver.csrfMatches(a, '')).toBe(false);

    const visitor = newOpaqueToken();
    const before = await resolver.resolve(`sp_visitor=${visitor}`);
    const after = await resolver.resolve(`sp_visitor=${visitor}; sp_session=${session.token}`);
    expect(resolver.csrfMatches(after, before.csrfToken)).toBe(false);
  });

  it('treats an unknown session cookie as a visitor and expires it', async () => {
    const who = await resolver.resolve(`sp_session=${newOpaqueToken()}`);
    expect(who.session).toBeNull();
    expect(who.setCookies.find((c) => c.startsWith('sp_session='))).toContain('Max-Age=0');
  });

  it('signing in and out issue new tokens bound to the new state', () => {
    const signedIn = resolver.sessionCookies(session);
    expect(signedIn.csrfToken).toBe(csrfTokenFor(SECRET, { kind: 'session', id: session.token }));
    expect(signedIn.setCookies[0]).toMatch(/^sp_session=.+; HttpOnly; Max-Age=\d+$/);
    const signedOut = resolver.signedOutCookies();
    expect(signedOut.csrfToken).not.toBe(signedIn.csrfToken);
    expect(signedOut.setCookies[0]).toMatch(/^sp_session=;.*Max-Age=0$/);
  });

  it('answers at once only when memory knows the session (or there is none), exactly as resolve does', async () => {
    const cookie = `sp_session=${session.token}`;
    expect(resolver.resolveNow(cookie)).toBeUndefined();
    remembered = session.token;
    try {
      const now = resolver.resolveNow(cookie);
      expect(now?.session).toBe(session);
      expect(now).toEqual(await resolver.resolve(cookie));
      expect(resolver.resolveNow(undefined)?.session).toBeNull();
    } finally {
      remembered = null;
    }
  });
});
