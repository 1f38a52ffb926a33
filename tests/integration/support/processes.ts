/**
 * NOTE: runs the real production entry (`node src/server/main.ts`) as a child process, the way `npm start`
 * does after building, with the same Node as the tests. Each process gets its own DATA_DIR and free port;
 * `cleanUp()` ends every process these helpers started (and their PostgreSQL) if a test bails out early.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const started = new Set<ChildProcess>();
const dataDirs = new Set<string>();

export type MainProcess = { child: ChildProcess; origin: string; output(): string; exited: Promise<number | null> };

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function makeDataDir(): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-main-'));
  await fs.chmod(root, 0o711); // the postgres user must traverse it when tests run as root
  const dir = path.join(root, 'data');
  dataDirs.add(dir);
  return dir;
}

function environment(dataDir: string, port: number, extra: Record<string, string> = {}) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  };
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'SESSION_SECRET', 'TRUST_PROXY']) delete env[name];
  return { ...env, ...extra };
}

/** `env`: settings on top of the test's own environment (DATABASE_URL, REDIS_URL, S3_... for a node of a site). */
export async function startMain(dataDir: string, port: number, env: Record<string, string> = {}): Promise<MainProcess> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: REPO,
    env: environment(dataDir, port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d));
  child.stderr?.on('data', (d: Buffer) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  const main: MainProcess = { child, origin, output: () => output, exited };
  await waitForHealth(main);
  return main;
}

async function waitForHealth(main: MainProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void main.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`main.ts exited before it was healthy:\n${main.output()}`);
    const ok = await fetch(`${main.origin}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`main.ts was not healthy within ${timeoutMs} ms:\n${main.output()}`);
}

/** Runs a one-shot script (seed, migrate) on a DATA_DIR to completion: its exit code and output. */
export function runScript(script: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [script], { cwd: REPO, env: environment(dataDir, 0), stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d));
  child.stderr?.on('data', (d: Buffer) => (output += d));
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      started.delete(child);
      resolve({ code, output });
    }),
  );
}

/** PIDs of live postgres processes serving the cluster under this DATA_DIR (Linux /proc). */
export async function postgresProcesses(dataDir: string): Promise<number[]> {
  const clusterArg = path.join(dataDir, 'postgres');
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (args.some((a) => a.endsWith('/postgres')) && args.includes(clusterArg)) pids.push(Number(entry));
  }
  return pids;
}

/** PIDs of live ffmpeg processes working on files under this DATA_DIR (Linux /proc). */
export async function ffmpegProcesses(dataDir: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const args = (await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0');
    if (!args[0]?.endsWith('ffmpeg') || !args.some((a) => a.includes(dataDir))) continue;
    found.push(Number(entry));
  }
  return found;
}

/** Stops a process we started, waiting for it to exit. */
export async function stopMain(main: MainProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (main.child.exitCode === null && main.child.signalCode === null) main.child.kill(signal);
  const code = await main.exited;
  started.delete(main.child);
  return code;
}

/** Last resort after a failed test: our Node children, then any postgres left in our DATA_DIRs. */
export async function cleanUp(): Promise<void> {
  for (const child of started) child.kill('SIGKILL');
  started.clear();
  for (const dir of dataDirs) {
    const pidFile = await fs.readFile(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '');
    const pid = Number(pidFile.split('\n')[0]);
    if (pid && (await postgresProcesses(dir)).includes(pid)) {
      process.kill(pid, 'SIGQUIT');
      for (let i = 0; i < 50 && (await postgresProcesses(dir)).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    }
    await fs.rm(path.dirname(dir), { recursive: true, force: true }).catch(() => {});
  }
  dataDirs.clear();
}
