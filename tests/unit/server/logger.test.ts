import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/server/logger.ts';

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
});
