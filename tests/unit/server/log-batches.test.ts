/**
 * The server's batched log (src/server/log-batches.ts), in a real child process writing to a real pipe: lines
 * arrive whole and in order, a lone line is written without waiting for more, and what is still gathered when
 * the process exits is not lost.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOGGER = path.resolve(import.meta.dirname, '../../../src/server/logger.ts');

/** Runs `body` in a child Node process with `log` (the server's batched logger) in scope; resolves its stdout. */
function child(body: string, onLine?: (line: string, kill: () => void) => void): Promise<string[]> {
  const script = `const { createLogger } = await import(${JSON.stringify(LOGGER)}); const log = createLogger('info', undefined, { batch: true }); ${body}`;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.setEncoding('utf8');
  proc.stdout.on('data', (d: string) => {
    out += d;
    if (onLine && out.includes('\n')) onLine(out, () => proc.kill('SIGKILL'));
  });
  return new Promise((resolve) => proc.once('close', () => resolve(out.split('\n').filter(Boolean))));
}

describe('batched server log', () => {
  it('writes every line whole and in order, including those still gathered when the process exits', async () => {
    const lines = await child(`for (let i = 0; i < 5000; i++) log.info({ i, note: 'état ✓' }, 'api'); process.exit(0);`);
    expect(lines).toHaveLength(5000);
    const parsed = lines.map((l) => JSON.parse(l) as { i: number; note: string });
    expect(parsed.map((p) => p.i)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(parsed[4999]!.note).toBe('état ✓');
  });

  it('writes a lone line while the process keeps running, without waiting for a batch to fill', async () => {
    let seenBeforeExit = false;
    // The child would live a minute; it is killed (no exit flush) as soon as its line arrives.
    await child(`log.info({ alone: true }, 'api'); setTimeout(() => {}, 60_000);`, (out, kill) => {
      seenBeforeExit = JSON.parse(out.trim()).alone === true;
      kill();
    });
    expect(seenBeforeExit).toBe(true);
  });
});
