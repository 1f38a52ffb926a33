/**
 * NOTE: records which live process runs the embedded cluster of a DATA_DIR (`<dataDir>/postgres.owner`).
 * Another process on the same DATA_DIR (`npm run seed` or `npm run db:migrate` while the server runs) then
 * borrows that cluster instead of stopping it as an orphan. The record holds the pid and the process start
 * time, so a pid reused after a SIGKILL is not mistaken for the owner.
 */
import { readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

const ownerFile = (dataDir: string) => path.join(dataDir, 'postgres.owner');

/** Start time of a process in clock ticks since boot (Linux); '' where /proc is unavailable. */
async function startedAt(pid: number): Promise<string> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of another live process serving this DATA_DIR's cluster, if any. */
export async function liveOwner(dataDir: string): Promise<number | undefined> {
  const [pidText = '', started = ''] = (await fs.readFile(ownerFile(dataDir), 'utf8').catch(() => '')).split('\n');
  const pid = Number(pidText);
  if (!pid || pid === process.pid || !isAlive(pid)) return undefined;
  return (await startedAt(pid)) === started ? pid : undefined;
}

/** Marks this process as the owner; the returned function removes the mark (synchronous: it runs at exit). */
export async function claimOwnership(dataDir: string): Promise<() => void> {
  const file = ownerFile(dataDir);
  await fs.writeFile(file, `${process.pid}\n${await startedAt(process.pid)}\n`);
  return () => {
    try {
      if (Number(readFileSync(file, 'utf8').split('\n')[0]) === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}
