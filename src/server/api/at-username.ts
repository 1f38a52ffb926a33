import type { Context } from 'hono';
import { isPlainText, notAllowedMessage } from '../../shared/schemas/fields.ts';
import { badRequest } from '../errors.ts';
import type { ApiEnv } from './context.ts';

/** The spec's per-user paths are `/profile/@{username}…`: one path segment starting with `@`. */
export const AT_USERNAME = ':handle{@[^/]+}';

/**
 * The username of an `@name` segment (Hono has already percent-decoded it). Control characters (NUL above all,
 * which PostgreSQL refuses with an error) are a 400; any other name that cannot exist is left to the 404 lookup.
 */
export function usernameOf(c: Context<ApiEnv>): string {
  const username = c.req.param('handle')!.slice(1);
  if (!isPlainText(username)) throw badRequest(notAllowedMessage('Username'));
  return username;
}
