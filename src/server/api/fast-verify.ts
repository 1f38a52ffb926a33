/**
 * NOTE: `GET /api/auth/verify` without the router: every page load and socket reconnect asks it, so its fixed
 * per-request cost (the middleware chain, the Request/Response objects) dominated it. It answers exactly what the
 * routed handler answers (auth.routes.ts: same body, status, cookies, default headers and access line); only this
 * exact method and URL take it, and anything unexpected (the session store failing) is left to the routed path,
 * which knows how to answer errors. Keep it in step with requestContext and the identity middleware.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SessionUser, VerifyResponse } from '../../shared/api-types.ts';
import type { Identity, IdentityResolver } from '../auth/identity.ts';
import type { ActiveSession } from '../auth/session-store.ts';
import { API_HEADERS } from '../http/security-headers.ts';
import { createAccessLog, type Logger } from '../logger.ts';

export const VERIFY_URL = '/api/auth/verify';

type Listener = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export const toSessionUser = (s: ActiveSession): SessionUser => ({
  user_id: s.userId,
  username: s.username,
  email: s.email,
  expires_at: s.expiresAt.toISOString(),
  role: s.role,
});

/** The verify answer for this identity: shared with the routed handler so the two can never differ. */
export function verifyAnswer({ session, csrfToken }: Identity): { status: 200 | 401; body: VerifyResponse } {
  if (!session) return { status: 401, body: { valid: false, error: 'Not signed in', csrf_token: csrfToken } };
  return { status: 200, body: { valid: true, ...toSessionUser(session), csrf_token: csrfToken } };
}

// The answer for a session depends on it alone (its CSRF token is a function of it), and a cached session is one
// object per stored row (session-store.ts): serialised once, not per request.
const sessionAnswers = new WeakMap<ActiveSession, string>();

function answerJson(who: Identity): { status: 200 | 401; json: string } {
  const memo = who.session ? sessionAnswers.get(who.session) : undefined;
  if (memo !== undefined) return { status: 200, json: memo };
  const { status, body } = verifyAnswer(who);
  const json = JSON.stringify(body);
  if (who.session) sessionAnswers.set(who.session, json);
  return { status, json };
}

/** Wraps the API's listener: the exact verify request is answered here, everything else by `routed`. */
export function withFastVerify(routed: Listener, deps: { identity: IdentityResolver; log: Logger }): Listener {
  const { identity, log } = deps;
  const access = createAccessLog(log);

  function answer(res: ServerResponse, who: Identity, started: number): void {
    const requestId = randomUUID();
    const { status, json } = answerJson(who);
    // One flat list to writeHead: Node serialises it straight into the status line's headers, without a header
    // map built by setHeader calls first (a header set earlier, such as HSTS behind https, is kept).
    const headers: string[] = [
      ...API_HEADERS,
      'X-Request-Id',
      requestId,
      'Content-Type',
      'application/json',
      'Content-Length',
      String(Buffer.byteLength(json)),
    ];
    for (const cookie of who.setCookies) headers.push('Set-Cookie', cookie);
    res.writeHead(status, headers);
    res.end(json);
    access({ requestId, method: 'GET', path: VERIFY_URL, status, ms: Math.round(performance.now() - started) });
  }

  return (req, res) => {
    if (req.method !== 'GET' || req.url !== VERIFY_URL) return routed(req, res);
    const started = performance.now();
    // Memory usually knows the session: answered without a promise; otherwise once the database has said.
    const known = identity.resolveNow(req.headers.cookie, req.socket);
    if (known) return answer(res, known, started);
    return identity.resolve(req.headers.cookie, req.socket).then(
      (who) => answer(res, who, started),
      () => routed(req, res),
    );
  };
}
