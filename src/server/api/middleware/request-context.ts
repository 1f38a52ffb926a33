import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { API_HEADERS } from '../../http/security-headers.ts';
import { createAccessLog, type Logger } from '../../logger.ts';
import type { ApiEnv } from '../context.ts';
import { requestHeader } from '../headers.ts';

/** Request id (echoed as X-Request-Id), default API headers (routes may override Cache-Control), the logger,
 * the client address, and one access-log line. Lines about a request carry its `requestId` field: the logger is
 * not a per-request child, which cost every request its bindings though almost none logs anything but the access line. */
export function requestContext(log: Logger, trustProxy: boolean): MiddlewareHandler<ApiEnv> {
  const access = createAccessLog(log);
  return async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.set('log', log);
    // Proxies append the peer they saw: only the rightmost entry was written by our own proxy, the rest by the client.
    const forwarded = trustProxy ? requestHeader(c, 'x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
    c.set('clientIp', forwarded || c.env.incoming.socket.remoteAddress || 'unknown');
    // The default headers go straight onto Node's response: Node merges them into the status line's headers, where
    // a route's own c.header() (Cache-Control, a file's policy) takes precedence. Through c.header() each one was
    // validated into a fetch Headers object and copied out again, a visible share of a small request's time; and
    // mutating c.res afterwards would make @hono/node-server build a full Response object.
    const res = c.env.outgoing;
    res.setHeader('X-Request-Id', requestId);
    for (let i = 0; i < API_HEADERS.length; i += 2) res.setHeader(API_HEADERS[i]!, API_HEADERS[i + 1]!);
    const started = performance.now();
    await next();
    // Hono answers HEAD by running the GET handler and dropping its body unread: a streamed body must be
    // cancelled here, or whatever it reads from (a file) stays open. Routes that stream should skip the body.
    if (c.req.method === 'HEAD') await c.res.body?.cancel().catch(() => {});
    access({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) });
  };
}
