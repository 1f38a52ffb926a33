import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../../logger.ts';
import type { ApiEnv } from '../context.ts';

/** Request id (echoed as X-Request-Id), a child logger, the client address, and one access-log line. */
export function requestContext(log: Logger, trustProxy: boolean): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.set('log', log.child({ requestId }));
    const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    c.set('clientIp', forwarded || c.env.incoming.socket.remoteAddress || 'unknown');
    const started = performance.now();
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    c.var.log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'api');
  };
}
