import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Query errors (drizzle wraps pg's) carry the bound parameters — emails, password hashes — in their message and
 * `params`: log only the failure's identity (type, code, the driver's own message) and the stack.
 */
function safeError(err: unknown) {
  if (!(err instanceof Error)) return err;
  const cause = (err as { cause?: unknown }).cause;
  const driver = cause instanceof Error ? cause : err;
  const isQueryError = 'params' in err || 'query' in err;
  return {
    type: err.constructor.name,
    message: isQueryError ? `Failed query: ${driver.message}` : err.message,
    code: (driver as { code?: string }).code,
    stack: isQueryError ? driver.stack : stdSerializers.err(err).stack,
  };
}

/**
 * Logs JSON lines to stdout, or to `destination` (tests). Stdout is written asynchronously (sonic-boom queues lines
 * while a write is in flight, and pino flushes what is left when the process exits), so the access log's write
 * never blocks a request; lines still go out at once, never held back for a buffer to fill.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    serializers: { err: safeError },
    redact: { paths: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'password', 'confirmPassword'], remove: true },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}
