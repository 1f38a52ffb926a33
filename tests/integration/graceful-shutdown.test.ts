/**
 * Graceful shutdown: once closing starts the node takes no new connections, lets a request already running (an
 * upload) finish, then drops its sockets as a transport close (clients reconnect, to another node). Past
 * SHUTDOWN_GRACE_SECONDS an endless upload is cut off and the process still exits; an idle one exits at once.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../src/shared/constants.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { createTestDatabase } from './support/database.ts';
import { fixture, storedFiles } from './support/media.ts';
import { cleanUp, freePort, makeDataDir, stopMain, type MainProcess } from './support/processes.ts';
import { startTestServer } from './support/server.ts';
import { closeAllSockets, connectAs, nextDisconnect } from './support/sockets.ts';

afterEach(closeAllSockets);
afterAll(cleanUp);

type Answer = { status: number; body: string } | Error;
/** SHUTDOWN_GRACE_SECONDS when it is not set. */
const DEFAULT_GRACE_MS = 20_000;

/** A multipart upload sent by hand: the head now, the file bytes as the test decides. */
function beginUpload(who: SignedUp, declaredFileBytes: number) {
  const boundary = `sp${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = http.request(new URL('/api/media/upload', who.client.origin), {
    method: 'POST',
    agent: false,
    headers: {
      cookie: who.client.cookieHeader(),
      [CSRF_HEADER]: who.client.csrfToken ?? '',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + declaredFileBytes + tail.length,
    },
  });
  const answer = new Promise<Answer>((resolve) => {
    req.once('error', resolve);
    req.once('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.once('error', resolve);
    });
  });
  req.write(head);
  return {
    answer,
    send: (bytes: Buffer) => new Promise<void>((resolve, reject) => req.write(bytes, (err) => (err ? reject(err) : resolve()))),
    finish: (bytes: Buffer) => req.end(Buffer.concat([bytes, tail])),
    abort: () => req.destroy(),
  };
}

/** Waits until the server is receiving an upload into its spool (the request is in flight). */
async function untilSpooling(dataDir: string) {
  for (let i = 0; i < 400; i++) {
    if ((await storedFiles(dataDir)).some((file) => file.startsWith('.spool/'))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the upload never reached the spool');
}

const refused = (origin: string) =>
  fetch(`${origin}/api/health/ready`).then(
    (res) => `answered ${res.status}`,
    (err: Error) => (err.cause as { code?: string } | undefined)?.code ?? err.message,
  );

describe('closing a node in this process', () => {
  it('finishes an upload already running, refuses new connections meanwhile, then drops sockets as a transport close', async () => {
    const node = await startTestServer({ SHUTDOWN_GRACE_SECONDS: '20' });
    try {
      const ann = await signUp(node.origin);
      const socket = await connectAs(ann.client);
      const png = await fixture('avatar-400.png');
      const half = Math.floor(png.length / 2);
      const upload = beginUpload(ann, png.length);
      await upload.send(png.subarray(0, half));
      await untilSpooling(node.dataDir);

      let closed = false;
      const closing = node.server.close().then(() => (closed = true));
      const dropped = nextDisconnect(socket, 10_000);
      await new Promise((r) => setTimeout(r, 300));
      expect((await node.server.services.health.readiness()).draining).toBe(true);
      expect(await refused(node.origin)).toBe('ECONNREFUSED');
      expect(closed).toBe(false);
      expect(socket.connected).toBe(true); // sockets stay until the requests are done

      upload.finish(png.subarray(half));
      const answer = await upload.answer;
      expect(answer instanceof Error ? answer.message : answer.status).toBe(201);
      expect(await dropped).toBe('transport close');
      await closing;
    } finally {
      await node.stop();
    }
  });

  it('cuts off an endless upload at the deadline and still closes', async () => {
    const node = await startTestServer({ SHUTDOWN_GRACE_SECONDS: '1' });
    try {
      const bob = await signUp(node.origin);
      const upload = beginUpload(bob, 15 * 2 ** 20);
      const png = await fixture('avatar-400.png');
      await upload.send(png.subarray(0, 1024));
      await untilSpooling(node.dataDir);
      const trickle = setInterval(() => void upload.send(Buffer.alloc(1024)).catch(() => {}), 100);
      const started = Date.now();
      try {
        await node.server.close();
      } finally {
        clearInterval(trickle);
      }
      // The trickle never ends the upload, so closing at all means it was cut off; at the 1 s grace (timers never
      // fire early), not the 20 s default: well under that leaves a loaded host seconds to close the rest.
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(DEFAULT_GRACE_MS / 2);
      expect(await upload.answer).toBeInstanceOf(Error);
    } finally {
      await node.stop();
    }
  });
});

/** The production entry on a test database (no embedded PostgreSQL to start), with extra settings. */
async function startMainOn(env: Record<string, string>): Promise<MainProcess & { dataDir: string }> {
  const database = await createTestDatabase();
  const port = await freePort();
  const dataDir = await makeDataDir();
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: new URL('../..', import.meta.url),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d));
  child.stderr?.on('data', (d: Buffer) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const main = { child, origin: `http://127.0.0.1:${port}`, output: () => output, exited, dataDir };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`main.ts exited:\n${output}`);
    const ok = await fetch(`${main.origin}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return main;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`main.ts never got ready:\n${output}`);
}

describe('SIGTERM to the production entry', () => {
  it('exits at once when idle', async () => {
    // A grace longer than the test's own timeout (30 s): a node that waited for it would fail the test, however
    // slow the host; one that cut something off at the deadline would say so in its log.
    const main = await startMainOn({ SHUTDOWN_GRACE_SECONDS: '60' });
    expect(await stopMain(main, 'SIGTERM')).toBe(0);
    expect(main.output()).not.toContain('shutdown deadline passed');
    // The log ends with the clean stop, written before the process exits.
    expect(main.output()).toMatch(/"msg":"stopped"\}\s*$/);
  });

  it('exits cleanly after cutting off an endless upload at SHUTDOWN_GRACE_SECONDS', async () => {
    const main = await startMainOn({ SHUTDOWN_GRACE_SECONDS: '1' });
    const cleo = await signUp(main.origin);
    const upload = beginUpload(cleo, 15 * 2 ** 20);
    const png = await fixture('avatar-400.png');
    await upload.send(png.subarray(0, 1024));
    await untilSpooling(main.dataDir); // running before the signal, however slow the host
    const trickle = setInterval(() => void upload.send(Buffer.alloc(1024)).catch(() => {}), 100);
    const started = Date.now();
    try {
      expect(await stopMain(main, 'SIGTERM'), main.output()).toBe(0);
    } finally {
      clearInterval(trickle);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await upload.answer).toBeInstanceOf(Error);
    // Cut at the configured grace, not the 20 s default (exit 0: not by the forced exit 10 s after it either).
    const cut = main
      .output()
      .split('\n')
      .filter((line) => line.includes('shutdown deadline passed'))
      .map((line) => JSON.parse(line) as unknown);
    expect(cut).toMatchObject([{ requests: 1, graceMs: 1000 }]);
  });
});
