/**
 * NOTE: a member's own password and sessions, mounted at /api/account. Deletion and export are another router
 * mounted at the same prefix (account-data.routes.ts); keep paths apart. Ending your current session by id is
 * signing out: the answer then carries signed-out cookies, as /auth/logout does.
 */
import { Hono } from 'hono';
import type { AccountSessionsResponse, SessionsEndedResponse } from '../../../shared/account-types.ts';
import type { MessageResponse } from '../../../shared/api-types.ts';
import { changePasswordSchema } from '../../../shared/schemas/account.ts';
import type { IdentityResolver } from '../../auth/identity.ts';
import { ServiceError } from '../../errors.ts';
import { SESSION_NOT_FOUND, type AccountService } from '../../services/accounts/account.service.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInSession } from '../session.ts';
import { pathId, readJson } from '../validate.ts';
import { plural } from '../../../shared/plural.ts';

const SESSION_ID_MAX = 2 ** 31 - 1;
export const PASSWORD_CHANGED = 'Password changed. Other sessions were signed out.';
/** Said when this was the only session: nothing else was signed out. */
export const PASSWORD_CHANGED_ALONE = 'Password changed.';

export const accountOperations: Operation[] = [
  {
    method: 'put',
    path: '/account/password',
    tag: 'account',
    summary: 'Change your password: needs the current one; every other session is signed out and its sockets dropped',
    body: changePasswordSchema,
    signedIn: true,
    responses: {
      200: 'changed',
      400: 'invalid field (new password too short, same as the current one…)',
      401: 'signed out',
      403: 'current password is incorrect, or bad CSRF token',
      429: 'too many wrong current passwords (Retry-After)',
    },
  },
  {
    method: 'get',
    path: '/account/sessions',
    tag: 'account',
    summary: 'Where you are signed in: device and browser, last seen, which one is this; most recently used first',
    signedIn: true,
    responses: { 200: 'AccountSessionsResponse', 401: 'signed out' },
  },
  {
    method: 'delete',
    path: '/account/sessions/:id',
    tag: 'account',
    summary: 'End one of your sessions (its sockets drop at once); your current one signs you out',
    signedIn: true,
    responses: { 200: 'SessionsEndedResponse', 401: 'signed out', 403: 'bad CSRF token', 404: 'no such session of yours' },
  },
  {
    method: 'delete',
    path: '/account/sessions',
    tag: 'account',
    summary: 'End every session but this one',
    signedIn: true,
    responses: { 200: 'SessionsEndedResponse', 401: 'signed out', 403: 'bad CSRF token' },
  },
];

const ended = (n: number) => `${plural(n, 'session')} signed out`;

export function accountRoutes(account: AccountService, identity: IdentityResolver) {
  return new Hono<ApiEnv>()
    .put('/password', async (c) => {
      const session = signedInSession(c);
      const input = await readJson(c, changePasswordSchema);
      const others = await account.changePassword(session, input);
      return c.json<MessageResponse>({ message: others > 0 ? PASSWORD_CHANGED : PASSWORD_CHANGED_ALONE });
    })
    .get('/sessions', async (c) => c.json<AccountSessionsResponse>({ sessions: await account.listSessions(signedInSession(c)) }))
    .delete('/sessions/:id', async (c) => {
      const session = signedInSession(c);
      const id = pathId(c, 'id', SESSION_ID_MAX, () => new ServiceError(404, SESSION_NOT_FOUND));
      await account.endSession(session, id);
      if (id === session.id) for (const cookie of identity.signedOutCookies().setCookies) c.header('Set-Cookie', cookie, { append: true });
      return c.json<SessionsEndedResponse>({ message: ended(1), ended: 1 });
    })
    .delete('/sessions', async (c) => {
      const n = await account.endOtherSessions(signedInSession(c));
      return c.json<SessionsEndedResponse>({ message: ended(n), ended: n });
    });
}
