/**
 * NOTE: CPU time of a server and everything it started (its embedded PostgreSQL and the backends that postmaster
 * forks), read from Linux /proc. A backend that exits meanwhile (the pool closes idle connections) is not lost: its
 * time moves into its parent's "children" fields when reaped, so every process's own and reaped children's time
 * is summed. Subtract two readings to get the CPU used between them.
 */
import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds of `root` and every process below it (`tree`), and of `root`'s own threads alone (`root`). */
export function treeCpuSeconds(root: number): { tree: number; root: number } {
  const procs = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        // Fields after the command's closing parenthesis: state, ppid, … utime (11), stime, cutime, cstime (14).
        const f = stat
          .slice(stat.lastIndexOf(')') + 2)
          .split(' ')
          .map(Number);
        return [{ pid: Number(pid), ppid: f[1]!, own: f[11]! + f[12]!, reaped: f[13]! + f[14]! }];
      } catch {
        return []; // gone meanwhile
      }
    });
  const inTree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs) {
      if (inTree.has(p.pid) || !inTree.has(p.ppid)) continue;
      inTree.add(p.pid);
      grew = true;
    }
  }
  const tree = procs.filter((p) => inTree.has(p.pid)).reduce((sum, p) => sum + p.own + p.reaped, 0);
  return { tree: tree / TICKS_PER_SECOND, root: (procs.find((p) => p.pid === root)?.own ?? 0) / TICKS_PER_SECOND };
}

/**
 * The whole machine's CPU time so far, from /proc/stat's first line (every core, in ticks): `busy` is all but idle
 * and I/O wait. Subtract two readings for the share of the cores used between them.
 */
export function machineCpu(): { busy: number; total: number; cores: number } {
  const lines = fs.readFileSync('/proc/stat', 'utf8').split('\n');
  const [, ...ticks] = lines[0]!.trim().split(/\s+/);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = ticks.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  const cores = lines.filter((line) => /^cpu\d+ /.test(line)).length;
  return { busy, total: busy + idle + iowait, cores };
}
