import type { Context } from 'hono';
import type { ActiveSession } from '../auth/session-store.ts';
import { ServiceError } from '../errors.ts';
import type { Person } from '../services/profiles/people.queries.ts';
import type { ApiEnv } from './context.ts';

/** The caller's session, or a 401 for signed-out callers: every social call needs one. */
export function signedInSession(c: Context<ApiEnv>): ActiveSession {
  const { session } = c.var.identity;
  if (!session) throw new ServiceError(401, 'Not signed in');
  return session;
}

/** The signed-in caller as services name people ({id, username}), or a 401. */
export function signedInPerson(c: Context<ApiEnv>): Person {
  const { userId, username } = signedInSession(c);
  return { id: userId, username };
}
