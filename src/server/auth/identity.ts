/**
 * NOTE: who is asking, from the request's cookies: the session (if any) and the CSRF token that request must
 * carry. Used alike by the API, page rendering and the socket handshake, so the three can never disagree.
 */
import { LRUCache } from 'lru-cache';
import { parseCookies, serializeCookie, type CookieNames } from './cookies.ts';
import { ABSOLUTE_MS, type ActiveSession, type SessionStore } from './session-store.ts';
import { csrfTokenFor, hashToken, newOpaqueToken, safeEqual } from './tokens.ts';

export type Identity = {
  session: ActiveSession | null;
  /** The token this client must send in X-CSRF-TOKEN (and socket auth). */
  csrfToken: string;
  /** Set-Cookie values needed so the browser holds that token (empty when it already does). */
  setCookies: string[];
};

const DEVICE_MAX_AGE_S = 365 * 24 * 3600;
const CSRF_MEMO_MAX = 50_000;

export function createIdentityResolver(deps: { sessions: SessionStore; secret: string; names: CookieNames }) {
  const { sessions, secret, names } = deps;
  const cookie = (name: string, value: string, httpOnly: boolean, maxAgeSeconds?: number) =>
    serializeCookie(name, value, { httpOnly, secure: names.secure, ...(maxAgeSeconds === undefined ? {} : { maxAgeSeconds }) });

  // A session's CSRF token is a pure function of its token and the secret: computed once per session, not per
  // request (an HMAC per request was a visible share of a signed-in GET). Keyed by token hash, never the token.
  const sessionCsrf = new LRUCache<string, string>({ max: CSRF_MEMO_MAX });
  const csrfForSession = (session: ActiveSession) => {
    let token = sessionCsrf.get(session.tokenHash);
    if (token === undefined) sessionCsrf.set(session.tokenHash, (token = csrfTokenFor(secret, { kind: 'session', id: session.token })));
    return token;
  };

  function identityOf(jar: Map<string, string>, sessionToken: string | undefined, session: ActiveSession | null): Identity {
    const setCookies: string[] = [];
    let csrfToken: string;
    if (session) {
      csrfToken = csrfForSession(session);
    } else {
      let visitor = jar.get(names.visitor);
      if (!visitor || visitor.length !== 43) {
        visitor = newOpaqueToken();
        setCookies.push(cookie(names.visitor, visitor, true));
      }
      if (sessionToken) setCookies.push(cookie(names.session, '', true, 0));
      csrfToken = csrfTokenFor(secret, { kind: 'visitor', id: visitor });
    }
    if (jar.get(names.csrf) !== csrfToken) setCookies.push(cookie(names.csrf, csrfToken, false));
    return { session, csrfToken, setCookies };
  }

  // Browsers and proxies send many requests with the same cookies on one kept-alive connection: its last Cookie
  // header is kept parsed, with the session token's hash, for as long as the connection lives (weakly held). Only
  // the parsing and hashing are saved: the session itself is checked on every request.
  type Parsed = { header: string | undefined; jar: Map<string, string>; sessionToken: string | undefined; tokenHash: string };
  const byConnection = new WeakMap<object, Parsed>();
  function parsed(cookieHeader: string | undefined, connection: object | undefined): Parsed {
    let last = connection ? byConnection.get(connection) : undefined;
    if (last?.header !== cookieHeader || last === undefined) {
      const jar = parseCookies(cookieHeader);
      const sessionToken = jar.get(names.session);
      last = { header: cookieHeader, jar, sessionToken, tokenHash: sessionToken ? hashToken(sessionToken) : '' };
      if (connection) byConnection.set(connection, last);
    }
    return last;
  }

  /**
   * `connection` (the request's socket): the connection the header came on, so a header seen on it before is not
   * parsed and hashed again.
   */
  const resolver = {
    async resolve(cookieHeader: string | undefined, connection?: object): Promise<Identity> {
      const { jar, sessionToken, tokenHash } = parsed(cookieHeader, connection);
      const session = sessionToken ? await sessions.find(sessionToken, tokenHash) : null;
      return identityOf(jar, sessionToken, session);
    },

    /** `resolve` without waiting, when memory can answer (no session cookie, or a cached session); else undefined. */
    resolveNow(cookieHeader: string | undefined, connection?: object): Identity | undefined {
      const { jar, sessionToken, tokenHash } = parsed(cookieHeader, connection);
      const session = sessionToken ? sessions.findCached(sessionToken, tokenHash) : null;
      return session === undefined ? undefined : identityOf(jar, sessionToken, session);
    },

    csrfMatches: (identity: Identity, sent: string | undefined) => !!sent && safeEqual(identity.csrfToken, sent),

    /** Cookies that start a signed-in session (and its new CSRF token). */
    sessionCookies(session: ActiveSession): { csrfToken: string; setCookies: string[] } {
      const csrfToken = csrfTokenFor(secret, { kind: 'session', id: session.token });
      // The cookie lives as long as the session can (absolute expiry); idle expiry is enforced server-side.
      const maxAge = Math.floor(ABSOLUTE_MS / 1000);
      return { csrfToken, setCookies: [cookie(names.session, session.token, true, maxAge), cookie(names.csrf, csrfToken, false)] };
    },

    /** A browser that once signed in to `email` keeps this; throttling never locks it out for others' failures. */
    deviceCookie(email: string): string {
      const nonce = newOpaqueToken();
      return cookie(
        names.device,
        `${nonce}.${csrfTokenFor(secret, { kind: 'device', id: `${nonce}:${email.toLowerCase()}` })}`,
        true,
        DEVICE_MAX_AGE_S,
      );
    },

    trustsDevice(cookieHeader: string | undefined, email: string): boolean {
      const [nonce, mac] = (parseCookies(cookieHeader).get(names.device) ?? '').split('.');
      if (!nonce || !mac) return false;
      return safeEqual(mac, csrfTokenFor(secret, { kind: 'device', id: `${nonce}:${email.toLowerCase()}` }));
    },

    /** Cookies that end a session, leaving a fresh visitor CSRF token. */
    signedOutCookies(): { csrfToken: string; setCookies: string[] } {
      const visitor = newOpaqueToken();
      const csrfToken = csrfTokenFor(secret, { kind: 'visitor', id: visitor });
      return {
        csrfToken,
        setCookies: [cookie(names.session, '', true, 0), cookie(names.visitor, visitor, true), cookie(names.csrf, csrfToken, false)],
      };
    },
  };
  return resolver;
}

export type IdentityResolver = ReturnType<typeof createIdentityResolver>;
