import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { batchedStdout } from './log-batches.ts';

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
 * Logs JSON lines to stdout, or to `destination` (tests). Stdout is written asynchronously, so the access log's
 * write never blocks a request. With `batch` (the server: one access line per API request), lines are gathered
 * and written in batches (log-batches.ts): one write per 32 kB instead of one per request, which cost a signed-in
 * GET about 5% of its CPU. Tools leave it off, so their lines go out at once.
 */
export function createLogger(level: string, destination?: DestinationStream, opts: { batch?: boolean } = {}): Logger {
  const options = {
    level,
    base: undefined,
    serializers: { err: safeError },
    redact: { paths: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'password', 'confirmPassword'], remove: true },
  };
  if (destination) return pino(options, destination);
  if (!opts.batch) return pino(options, pino.destination({ dest: 1, sync: false }));
  return pino(options, batchedStdout());
}

/**
 * Writes `text` as one plain line into `log`'s own stream, so it comes after every line logged before it however
 * the stream batches. For people, not log readers: main.ts writes one (the address to open) only to a terminal.
 */
export function writePlainLine(log: Logger, text: string): void {
  streamOf(log).write(`${text}\n`);
}

const streamOf = (log: Logger) => (log as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym]!;

export type AccessLine = { requestId: string; method: string; path: string; status: number; ms: number };

/**
 * The access log: one line per API request, exactly the line `log.info({requestId, method, path, status, ms},
 * 'api')` would write (a test compares the two), built as one template into the logger's own stream and written
 * only at level info or below, as pino would. Pino's generic serialisation of it was ~7% of a small request's CPU.
 */
export function createAccessLog(log: Logger): (line: AccessLine) => void {
  const stream = streamOf(log);
  const info = log.levels.values.info!;
  return ({ requestId, method, path, status, ms }) => {
    if (log.levelVal > info) return;
    const fields = `"requestId":${JSON.stringify(requestId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)}`;
    stream.write(`{"level":${info},"time":${Date.now()},${fields},"status":${status},"ms":${ms},"msg":"api"}\n`);
  };
}
