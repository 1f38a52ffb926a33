/**
 * NOTE: `node bench/cpu-per-request.ts` (after `npm run bench` built dist/): CPU time per request of the request
 * path, for a machine too busy for throughput ratios. Starts the production server (and its embedded PostgreSQL)
 * and the bare JSON server, loads each URL with autocannon (BENCH_CONNECTIONS, BENCH_SECONDS) and divides the CPU
 * the server's process tree (Node + PostgreSQL backends) used by the requests answered. Each fast path is measured
 * beside its routed or uncached twin in the same server: `/api/auth/verify/` goes through the router, a feed page
 * with `cursor` past every id is the same first page read from the database. Prints a markdown table.
 * BENCH_TARGETS (row numbers) and BENCH_CPU_PROF (a directory for the server's CPU profile) narrow it for profiling.
 */
import path from 'node:path';
import sharp from 'sharp';
import { startProductionServer } from '../tests/e2e/support/production-server.ts';
import { postPhoto } from './media.ts';
import { treeCpuSeconds } from './process-cpu.ts';
import { measure, signedInCookie, startBareJsonServer } from './throughput.ts';

const load = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  warmupSeconds: 1,
};

async function cpuPerRequest(pid: number, url: string, headers: Record<string, string>) {
  const before = treeCpuSeconds(pid).tree;
  const result = await measure(url, headers, { ...load, warmupSeconds: 0 });
  const cpuMs = (treeCpuSeconds(pid).tree - before) * 1000;
  return { rps: result.requestsPerSecond, usPerRequest: (cpuMs * 1000) / result.total };
}

const server = await startProductionServer({
  logFile: path.resolve(import.meta.dirname, '../.tmp/bench-cpu-server.log'),
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  env: {
    RATE_LIMIT_UPLOADS: '1000',
    ...(process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` } : {}),
  },
});
const bare = await startBareJsonServer();
try {
  const cookie = await signedInCookie(server.origin);
  const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#1976d2' } })
    .png()
    .toBuffer();
  for (let i = 0; i < 30; i++) await postPhoto(server.origin, cookie, photo);
  const targets: Array<[string, number, string, Record<string, string>]> = [
    ['Bare Node `http` JSON server', bare.pid, bare.url, {}],
    ['`GET /api/auth/verify` (before the router)', server.pid, `${server.origin}/api/auth/verify`, { Cookie: cookie }],
    ['`GET /api/auth/verify/` (routed)', server.pid, `${server.origin}/api/auth/verify/`, { Cookie: cookie }],
    ['`GET /api/media/feed` first page (cached)', server.pid, `${server.origin}/api/media/feed`, { Cookie: cookie }],
    [
      'same page from the database (`?cursor=` past every id)',
      server.pid,
      `${server.origin}/api/media/feed?cursor=2147483647`,
      { Cookie: cookie },
    ],
  ];
  console.log('| Target | req/s (busy machine) | CPU per request | Bare CPU / this |\n|---|---|---|---|');
  let bareUs = 0;
  // BENCH_TARGETS=1,3: only those rows (0 is the bare server, always measured).
  const chosen = process.env.BENCH_TARGETS?.split(',').map(Number);
  for (const [index, [label, pid, url, headers]] of targets.entries()) {
    if (chosen && index > 0 && !chosen.includes(index)) continue;
    await measure(url, headers, { ...load, seconds: load.warmupSeconds });
    const r = await cpuPerRequest(pid, url, headers);
    if (pid === bare.pid) bareUs = r.usPerRequest;
    const ratio = `${((100 * bareUs) / r.usPerRequest).toFixed(1)}%`;
    console.log(`| ${label} | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.usPerRequest.toFixed(0)} µs | ${ratio} |`);
  }
} finally {
  await bare.stop();
  await server.stop();
}
