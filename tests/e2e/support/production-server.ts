/**
 * NOTE: starts the PRODUCTION server (`src/server/main.ts` on the built dist/) as a child process on a free
 * loopback port with a throwaway DATA_DIR, for the e2e journeys and the bench. Callers must build first (the npm
 * scripts do) and must `stop()` it: that sends SIGTERM by PID, waits for the exit and removes the DATA_DIR.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

export type ProductionServer = { origin: string; pid: number; dataDir: string; logFile: string; stop: () => Promise<void> };

export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startProductionServer(opts: {
  logFile: string;
  logLevel?: string;
  env?: Record<string, string>;
}): Promise<ProductionServer> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'server', 'entry.mjs'))) {
    throw new Error('dist/ has no built site: run through `npm run test:e2e` / `npm run bench`, which build it');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'savepoint-e2e-'));
  // mkdtemp makes it 0700; as root the embedded cluster runs as `postgres`, which must be able to traverse it.
  await chmod(dataDir, 0o711);
  const port = await freeLoopbackPort();
  const origin = `http://127.0.0.1:${port}`;
  fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const log = fs.openSync(opts.logFile, 'w');
  // A developer's DATABASE_URL or PUBLIC_URL must not leak in: these runs own a fresh embedded database.
  const { DATABASE_URL: _db, PUBLIC_URL: _url, SESSION_SECRET: _secret, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: opts.logLevel ?? 'info', ...opts.env },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));

  const stop = async () => {
    if (!done && child.pid) {
      process.kill(child.pid, 'SIGTERM');
      const timer = new Promise<'timeout'>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS, 'timeout').unref());
      if ((await Promise.race([exited, timer])) === 'timeout') {
        process.kill(child.pid, 'SIGKILL');
        await exited;
        stopOrphanedPostgres(dataDir);
      }
    }
    await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  try {
    await waitUntilServing(origin, exited);
  } catch (err) {
    await stop();
    const tail = fs.readFileSync(opts.logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`${(err as Error).message}\n--- last lines of ${opts.logFile} ---\n${tail}`, { cause: err });
  }
  return { origin, pid: child.pid ?? -1, dataDir, logFile: opts.logFile, stop };
}

async function waitUntilServing(origin: string, exited: Promise<number | null>): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the Savepoint server exited during start (code ${exitCode})`);
    const healthy = await fetch(`${origin}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the Savepoint server did not answer ${origin}/api/health within ${START_TIMEOUT_MS / 1000}s`);
}

/** After a forced SIGKILL the embedded postgres child outlives the server: stop it by its own pid file. */
function stopOrphanedPostgres(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      // already gone
    }
  }
}
