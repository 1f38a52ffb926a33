import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createAccessLog, createLogger } from '../../../src/server/logger.ts';

/** A query error as drizzle throws it: the SQL and its bound values in the message and fields, pg's error as cause. */
function queryError() {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
  return Object.assign(new Error('Failed query: insert into "users" ... params: ada@example.com,$argon2id$v=19$secret'), {
    query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
    params: ['ada@example.com', '$argon2id$v=19$secret'],
    cause,
  });
}

function captureLines(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('logger', () => {
  it('logs a failed query by its driver error, never its bound values', () => {
    const { lines, stream } = captureLines();
    const log = createLogger('info', stream);
    log.error({ err: queryError() }, 'unhandled API error');
    const line = lines.join('');
    expect(line).toContain('23505');
    expect(line).toContain('duplicate key value');
    expect(line).not.toContain('ada@example.com');
    expect(line).not.toContain('argon2id');
  });

  it('keeps an ordinary error message', () => {
    const { lines, stream } = captureLines();
    const log = createLogger('info', stream);
    log.error({ err: new Error('disk full') }, 'oops');
    expect(lines.join('')).toContain('disk full');
  });

  it('writes the access line pino would write for the same fields, and none above level info', () => {
    const { lines, stream } = captureLines();
    const log = createLogger('info', stream);
    const fields = { requestId: 'b7e1c2a4-0000-4000-8000-000000000000', method: 'GET', path: '/api/x/"\u202e\\ü', status: 404, ms: 3 };
    createAccessLog(log)(fields);
    log.info(fields, 'api');
    const [ours, pinos] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(ours!)).toEqual(Object.keys(pinos!));
    expect({ ...ours, time: 0 }).toEqual({ ...pinos, time: 0 });
    expect(lines[0]!.endsWith('\n')).toBe(true);

    log.level = 'warn';
    createAccessLog(log)(fields);
    expect(lines).toHaveLength(2);
  });
});
