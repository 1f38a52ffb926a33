/**
 * NOTE: counting the files this test process holds open (the server runs in it, so /proc/self/fd shows every
 * file it holds): for tests that HEADs, aborted downloads and streamed exports leave nothing open.
 */
import fs from 'node:fs/promises';
import http from 'node:http';

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

/** One raw request; with `abort`, the socket is destroyed as soon as the first body bytes arrive. */
export function rawRequest(url: string, method: string, headers: Record<string, string>, abort = false) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      if (!abort) {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        return;
      }
      res.once('data', () => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', (err) => (abort ? undefined : reject(err)));
    req.end();
  });
}
