import type { MiddlewareHandler } from 'hono';
import { CSRF_HEADER } from '../../../shared/constants.ts';
import type { IdentityResolver } from '../../auth/identity.ts';
import { ServiceError } from '../../errors.ts';
import type { ApiEnv } from '../context.ts';
import { requestHeader } from '../headers.ts';

const CSRF_HEADER_NAME = CSRF_HEADER.toLowerCase() as Lowercase<string>;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Resolves the session once per request and refuses state changes without the matching CSRF token. */
export function identity(resolver: IdentityResolver): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const who = await resolver.resolve(requestHeader(c, 'cookie'), c.env.incoming.socket);
    c.set('identity', who);
    for (const cookie of who.setCookies) c.header('Set-Cookie', cookie, { append: true });
    if (!SAFE_METHODS.has(c.req.method) && !resolver.csrfMatches(who, requestHeader(c, CSRF_HEADER_NAME))) {
      throw new ServiceError(403, 'Invalid or missing CSRF token. Reload the page and try again.');
    }
    await next();
  };
}
