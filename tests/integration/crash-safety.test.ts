/**
 * The "Done when": SIGKILL the server during registrations, start it again: it comes up, and every
 * account whose registration was acknowledged can sign in. Runs the real production entry on its own
 * embedded PostgreSQL, exactly as `npm start` does.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRegistration, credentialsOf, type Registration } from '../../src/server/db/factories/users.ts';
import { newVisitor } from './support/http-client.ts';
import {
  cleanUp,
  freePort,
  makeDataDir,
  postgresProcesses,
  runScript,
  startMain,
  stopMain,
  type MainProcess,
} from './support/processes.ts';

afterAll(cleanUp);

const KILL_AFTER_ACKS = 12;
const CONCURRENCY = 8;

/** Registers accounts with CONCURRENCY requests in flight until `shouldStop`; returns the acknowledged ones. */
async function registerUntilKilled(main: MainProcess, onAck: (count: number) => void) {
  const visitor = await newVisitor(main.origin);
  const headers = { 'content-type': 'application/json', cookie: visitor.cookieHeader(), 'x-csrf-token': visitor.csrfToken ?? '' };
  const acknowledged: Registration[] = [];
  let failed = 0;
  let stop = false;
  const worker = async () => {
    for (let attempt = 0; attempt < 40 && !stop; attempt++) {
      const registration = buildRegistration();
      try {
        const res = await fetch(`${main.origin}/api/auth/register`, { method: 'POST', headers, body: JSON.stringify(registration) });
        await res.arrayBuffer();
        if (res.status === 201) {
          acknowledged.push(registration);
          onAck(acknowledged.length);
        } else throw new Error(`unexpected ${res.status}`);
      } catch {
        failed += 1; // the process died with this request in flight: its outcome is unknown, so it is not counted
        stop = true;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { acknowledged, failed };
}

describe('crash safety of the production entry', () => {
  it('keeps every acknowledged registration across a SIGKILL, and stops cleanly on SIGTERM', { timeout: 180_000 }, async () => {
    const dataDir = await makeDataDir();
    const first = await startMain(dataDir, await freePort());
    const { acknowledged, failed } = await registerUntilKilled(first, (count) => {
      if (count === KILL_AFTER_ACKS) first.child.kill('SIGKILL');
    });
    expect(await stopMain(first)).toBe(null); // killed by a signal, not exited
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(failed, 'the kill should land while registrations are in flight').toBeGreaterThan(0);
    // The situation the next start must handle: Node is gone, its PostgreSQL is still running.
    const orphans = await postgresProcesses(dataDir);
    expect(orphans.length).toBeGreaterThan(0);

    const second = await startMain(dataDir, await freePort());
    expect(second.output()).toContain('stopping a PostgreSQL server left running by an earlier process');
    for (const pid of orphans) expect(await postgresProcesses(dataDir)).not.toContain(pid);

    const client = await newVisitor(second.origin);
    const logins = await Promise.all(
      acknowledged.map((r) => client.post('/api/auth/login', credentialsOf(r), { csrf: client.csrfToken ?? '' })),
    );
    expect(logins.map((res) => res.status)).toEqual(acknowledged.map(() => 200));
    expect(logins.map((res) => (res.body as { user: { username: string } }).user.username)).toEqual(acknowledged.map((r) => r.username));

    expect(await stopMain(second, 'SIGTERM')).toBe(0);
    expect(await postgresProcesses(dataDir)).toEqual([]);
    await expect(fs.stat(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();
  });

  it('runs two instances with different DATA_DIRs side by side', { timeout: 120_000 }, async () => {
    const dirs = [await makeDataDir(), await makeDataDir()];
    const mains = await Promise.all(dirs.map(async (dir) => startMain(dir, await freePort())));
    // The same account can exist on both: they share nothing.
    const registration = buildRegistration();
    for (const main of mains) {
      const visitor = await newVisitor(main.origin);
      expect((await visitor.post('/api/auth/register', registration)).status).toBe(201);
      expect((await (await fetch(`${main.origin}/api/health`)).json()) as unknown).toEqual({ status: 'ok' });
    }
    expect(await Promise.all(mains.map((main) => stopMain(main, 'SIGTERM')))).toEqual([0, 0]);
    for (const dir of dirs) expect(await postgresProcesses(dir)).toEqual([]);
  });

  it('starts in an existing DATA_DIR made private (mode 0700, as mktemp makes it)', { timeout: 120_000 }, async () => {
    const dataDir = await makeDataDir();
    await fs.mkdir(dataDir, { mode: 0o700 });
    await fs.chmod(dataDir, 0o700);
    const main = await startMain(dataDir, await freePort());
    expect((await (await fetch(`${main.origin}/api/health`)).json()) as unknown).toEqual({ status: 'ok' });
    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o711); // search only: nothing listable by others
    expect(await stopMain(main, 'SIGTERM')).toBe(0);
  });

  it(
    'never signals an unrelated process named by a stale postmaster.pid (pids are reused after a reboot)',
    { timeout: 120_000 },
    async () => {
      const dataDir = await makeDataDir();
      expect(await stopMain(await startMain(dataDir, await freePort()), 'SIGTERM')).toBe(0);
      const bystander = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        await fs.writeFile(path.join(dataDir, 'postgres', 'postmaster.pid'), `${bystander.pid}\n${path.join(dataDir, 'postgres')}\n`);
        const main = await startMain(dataDir, await freePort());
        expect((await (await fetch(`${main.origin}/api/health`)).json()) as unknown).toEqual({ status: 'ok' });
        expect(bystander.exitCode).toBeNull();
        expect(bystander.signalCode).toBeNull();
        expect(await stopMain(main, 'SIGTERM')).toBe(0);
      } finally {
        bystander.kill('SIGKILL');
      }
    },
  );

  it('db:migrate and seed borrow the cluster of a server running on the same DATA_DIR', { timeout: 120_000 }, async () => {
    const dataDir = await makeDataDir();
    const main = await startMain(dataDir, await freePort());
    const migrate = await runScript('src/server/db/migrate-cli.ts', dataDir);
    expect(migrate.code, migrate.output).toBe(0);
    const seed = await runScript('src/server/db/seed.ts', dataDir);
    expect(seed.code, seed.output).toBe(0);
    expect(seed.output).toContain('demo_ada@savepoint.test');
    expect(seed.output).toContain('password for all: savepoint-demo');

    // The server kept its database, and sees what the seed wrote.
    const client = await newVisitor(main.origin);
    const login = await client.post('/api/auth/login', { email: 'demo_ada@savepoint.test', password: 'savepoint-demo' });
    expect(login.status, login.text).toBe(200);
    expect(await stopMain(main, 'SIGTERM')).toBe(0);
    expect(await postgresProcesses(dataDir)).toEqual([]);
  });
});
