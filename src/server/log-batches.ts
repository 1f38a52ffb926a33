/**
 * NOTE: the server's log destination: lines are gathered here and handed to sonic-boom (pino's asynchronous
 * writer, which retries partial and refused writes) as one string per batch, at 32 kB or every 100 ms. Fed line by
 * line into a large pending buffer, sonic-boom measured that buffer's byte length again on every write (flattening
 * it first), so each access line cost the request ~10 µs; gathering costs a push. `flush` (pino's `log.flush()`)
 * hands over what is gathered at once. At exit, what sonic-boom still holds and what is still gathered are written
 * synchronously, in that order.
 */
import fs from 'node:fs';
import type { DestinationStream } from 'pino';
import { pino } from 'pino';

const BATCH_CHARS = 32 * 1024;
const BATCH_FLUSH_MS = 100;
const STDOUT = 1;

/** Writes all of `text` to `fd` before returning, waiting out a full non-blocking pipe. */
function writeAllSync(fd: number, text: string): void {
  let rest = Buffer.from(text);
  while (rest.length > 0) {
    try {
      rest = rest.subarray(fs.writeSync(fd, rest));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}

export function batchedStdout(): DestinationStream & { flush(cb?: (err?: Error) => void): void } {
  const boom = pino.destination({ dest: STDOUT, sync: false, maxWrite: 4 * BATCH_CHARS });
  let lines: string[] = [];
  let chars = 0;
  const take = () => {
    const batch = lines.join('');
    lines = [];
    chars = 0;
    return batch;
  };
  const pass = () => {
    if (lines.length > 0) boom.write(take());
  };
  setInterval(pass, BATCH_FLUSH_MS).unref();
  // Registered after sonic-boom's own exit hook: both write synchronously, sonic-boom's older lines first. Handing the
  // gathered lines to sonic-boom here would start an asynchronous write that its flushSync then skips.
  process.once('exit', () => {
    try {
      boom.flushSync();
    } catch {
      // Already ended or gone (a closed pipe): the gathered lines may still go.
    }
    try {
      if (lines.length > 0) writeAllSync(STDOUT, take());
    } catch {
      // stdout is gone: nothing more can be written.
    }
  });
  return {
    write(line: string) {
      lines.push(line);
      chars += line.length;
      if (chars >= BATCH_CHARS) pass();
    },
    flush(cb) {
      pass();
      boom.flush(cb);
    },
  };
}
