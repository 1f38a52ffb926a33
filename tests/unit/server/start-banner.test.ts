import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, writePlainLine } from '../../../src/server/logger.ts';
import { startBanner } from '../../../src/server/start-banner.ts';

const banner = (host: string, port: number, publicUrl?: string) =>
  startBanner({ host, publicUrl: publicUrl === undefined ? undefined : new URL(publicUrl) }, port);

describe('the line npm start prints on a terminal', () => {
  it('names localhost for the default interface, the wildcards and loopback', () => {
    expect(banner('127.0.0.1', 4321)).toBe('Savepoint is running at http://localhost:4321 (Ctrl-C to stop)');
    for (const host of ['0.0.0.0', '::', '::1', 'localhost']) expect(banner(host, 4399)).toContain(' http://localhost:4399 ');
  });

  it('names another interface as it is, an IPv6 one in brackets', () => {
    expect(banner('192.168.1.20', 8080)).toContain(' http://192.168.1.20:8080 ');
    expect(banner('fd00::20', 8080)).toContain(' http://[fd00::20]:8080 ');
  });

  it('names PUBLIC_URL when it is set: the address the cookies and sockets expect', () => {
    expect(banner('127.0.0.1', 4321, 'https://savepoint.example.org/')).toBe(
      'Savepoint is running at https://savepoint.example.org (Ctrl-C to stop)',
    );
  });
});

describe('writePlainLine', () => {
  it('writes the line as it is into the log stream, after the JSON lines logged before it', () => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        written.push(String(chunk));
        done();
      },
    });
    const log = createLogger('info', stream);
    log.info({ url: 'http://127.0.0.1:4321' }, 'Savepoint is listening');
    writePlainLine(log, 'Savepoint is running at http://localhost:4321 (Ctrl-C to stop)');
    expect(written.map((line) => (line.startsWith('{') ? (JSON.parse(line) as { msg: string }).msg : line))).toEqual([
      'Savepoint is listening',
      'Savepoint is running at http://localhost:4321 (Ctrl-C to stop)\n',
    ]);
  });
});
