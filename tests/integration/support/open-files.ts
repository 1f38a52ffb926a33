/**
 * NOTE: counting the files this test process holds open (the server runs in it, so /proc/self/fd shows every
 * file it holds): for tests that HEADs, aborted downloads and streamed exports leave nothing open.
 */
import fs from 'node:fs/promises';

/** How many descriptors of this process point at files under `dir`. */
export async function openFilesUnder(dir: string): Promise<number> {
  const fds = await fs.readdir('/proc/self/fd');
  const targets = await Promise.all(fds.map((fd) => fs.readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return targets.filter((t) => t.startsWith(dir)).length;
}

/** Lets the server notice closed connections and finish closing what they held; answers the count then. */
export async function settledOpenFiles(dir: string, expected: number): Promise<number> {
  let count = await openFilesUnder(dir);
  for (let i = 0; i < 50 && count !== expected; i++) {
    await new Promise((r) => setTimeout(r, 50));
    count = await openFilesUnder(dir);
  }
  return count;
}
