/**
 * NOTE: the server's log destination: lines are gathered here and handed to sonic-boom (pino's asynchronous
 * writer, which retries partial and refused writes and flushes synchronously at exit) as one string per batch,
 * at 32 kB or every 100 ms. Fed line by line into a large pending buffer, sonic-boom measured that buffer's byte
 * length again on every write (flattening it first), so each access line cost the request ~10 µs; gathering
 * costs a push. Lines still pending when the process exits are written synchronously.
 */
import type { DestinationStream } from 'pino';
import { pino } from 'pino';

const BATCH_CHARS = 32 * 1024;
const BATCH_FLUSH_MS = 100;

export function batchedStdout(): DestinationStream {
  const boom = pino.destination({ dest: 1, sync: false, maxWrite: 4 * BATCH_CHARS });
  let lines: string[] = [];
  let chars = 0;
  const pass = () => {
    if (lines.length === 0) return;
    const batch = lines.join('');
    lines = [];
    chars = 0;
    boom.write(batch);
  };
  setInterval(pass, BATCH_FLUSH_MS).unref();
  // Runs after sonic-boom's own exit flush (registered when it was made), so it writes what is still gathered.
  process.once('exit', () => {
    pass();
    try {
      boom.flushSync();
    } catch {
      // stdout already gone (a closed pipe): nothing more can be written.
    }
  });
  return {
    write(line: string) {
      lines.push(line);
      chars += line.length;
      if (chars >= BATCH_CHARS) pass();
    },
  };
}
