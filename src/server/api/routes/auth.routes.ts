import { Hono, type Context } from 'hono';
import type { AuthResponse, VerifyResponse } from '../../../shared/api-types.ts';
import { loginSchema, registerSchema } from '../../../shared/schemas/auth.ts';
import type { IdentityResolver } from '../../auth/identity.ts';
import type { ActiveSession } from '../../auth/session-store.ts';
import { toSessionUser, verifyAnswer } from '../fast-verify.ts';
import type { AuthService } from '../../services/accounts/auth.service.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { readJson } from '../validate.ts';
import { requestHeader } from '../headers.ts';

export const authOperations: Operation[] = [
  {
    method: 'post',
    path: '/auth/register',
    tag: 'auth',
    summary: 'Create an account and sign in',
    body: registerSchema,
    responses: { 201: 'user and csrf_token', 400: 'invalid field', 403: 'bad CSRF token', 409: 'username or email taken' },
  },
  {
    method: 'post',
    path: '/auth/login',
    tag: 'auth',
    summary: 'Sign in',
    body: loginSchema,
    responses: { 200: 'user and csrf_token', 400: 'invalid field', 401: 'wrong email or password', 429: 'too many attempts (Retry-After)' },
  },
  {
    method: 'get',
    path: '/auth/verify',
    tag: 'auth',
    summary: 'Check the session; issues the csrf_token cookie',
    responses: { 200: 'valid session', 401: 'signed out (valid: false)' },
  },
  {
    method: 'post',
    path: '/auth/logout',
    tag: 'auth',
    summary: 'Sign out: revokes the session and its sockets',
    responses: { 200: 'signed out' },
  },
];

export function authRoutes(auth: AuthService, identity: IdentityResolver) {
  /** Starts the new session's cookies and marks this browser as one the account has used (see login throttling). */
  const signedIn = (c: Context<ApiEnv>, session: ActiveSession, status: 200 | 201) => {
    const { csrfToken, setCookies } = identity.sessionCookies(session);
    for (const cookie of [...setCookies, identity.deviceCookie(session.email)]) c.header('Set-Cookie', cookie, { append: true });
    return c.json<AuthResponse>({ user: toSessionUser(session), csrf_token: csrfToken }, status);
  };

  return new Hono<ApiEnv>()
    .post('/register', async (c) => {
      const input = await readJson(c, registerSchema);
      const session = await auth.register(input, c.var.clientIp, c.req.header('user-agent') ?? '');
      const previous = c.var.identity.session;
      if (previous) await auth.logout(previous);
      return signedIn(c, session, 201);
    })
    .post('/login', async (c) => {
      const input = await readJson(c, loginSchema);
      const trusted = identity.trustsDevice(requestHeader(c, 'cookie'), input.email);
      const session = await auth.login(input, c.var.clientIp, trusted, c.req.header('user-agent') ?? '');
      const previous = c.var.identity.session;
      if (previous) await auth.logout(previous);
      return signedIn(c, session, 200);
    })
    .get('/verify', (c) => {
      // Usually answered by fast-verify.ts before routing; this is the same answer for every other spelling.
      const { status, body } = verifyAnswer(c.var.identity);
      return c.json<VerifyResponse>(body, status);
    })
    .post('/logout', async (c) => {
      const { session } = c.var.identity;
      if (session) await auth.logout(session);
      const { csrfToken, setCookies } = identity.signedOutCookies();
      for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
      return c.json({ success: true, csrf_token: csrfToken });
    });
}
