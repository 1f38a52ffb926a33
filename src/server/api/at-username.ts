import type { Context } from 'hono';
import type { ApiEnv } from './context.ts';

/** The spec's per-user paths are `/profile/@{username}…`: one path segment starting with `@`. */
export const AT_USERNAME = ':handle{@[^/]+}';

/** The username of an `@name` segment (Hono has already percent-decoded it). */
export const usernameOf = (c: Context<ApiEnv>) => c.req.param('handle')!.slice(1);
