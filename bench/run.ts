/**
 * NOTE: `npm run bench` (builds first if stale). Starts the production server (throwaway DATA_DIR) and a bare
 * Node JSON server as child processes, then prints a markdown table. Exits 1 when the landing page's JS budget is
 * exceeded. Settings: BENCH_CONNECTIONS (50), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (3), BENCH_ROUNDS (2),
 * BENCH_LOG_LEVEL (the server's LOG_LEVEL; default 'info' as shipped: one access-log line per API request).
 */
import fs from 'node:fs';
import path from 'node:path';
import { startProductionServer } from '../tests/e2e/support/production-server.ts';
import { chromiumLandingScripts, crawlLandingScripts, type LandingJs } from './landing-js.ts';
import { measure, signedInCookie, startBareJsonServer, type LoadSettings, type Throughput } from './throughput.ts';

const LANDING_JS_BUDGET_GZIP = 10_000; // "<= 10 kB gzip" (design brief §8), read strictly as 10,000 bytes
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const load: LoadSettings = {
  connections: num('BENCH_CONNECTIONS', 50),
  seconds: num('BENCH_SECONDS', 10),
  warmupSeconds: num('BENCH_WARMUP_SECONDS', 3),
};
const rounds = num('BENCH_ROUNDS', 2);

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
const rate = (t: Throughput) => `${Math.round(t.requestsPerSecond).toLocaleString('en-US')} req/s, p99 ${t.p99Ms} ms`;
const mean = (runs: Throughput[]): Throughput => ({
  requestsPerSecond: runs.reduce((s, r) => s + r.requestsPerSecond, 0) / runs.length,
  p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
  total: runs.reduce((s, r) => s + r.total, 0),
  non2xx: 0,
  errors: 0,
});

const logFile = path.resolve(import.meta.dirname, '../.tmp/bench-server.log');
const server = await startProductionServer({ logFile, logLevel: process.env.BENCH_LOG_LEVEL ?? 'info' });
const bare = await startBareJsonServer();
const rows: string[][] = [];
let overBudget = false;
try {
  const landing: [string, LandingJs][] = [['HTML + static imports', await crawlLandingScripts(server.origin)]];
  if (fs.existsSync(CHROMIUM)) landing.push(['loaded by Chromium', await chromiumLandingScripts(server.origin, CHROMIUM)]);
  for (const [how, js] of landing) {
    const ok = js.gzip <= LANDING_JS_BUDGET_GZIP;
    overBudget ||= !ok;
    rows.push([
      `Landing \`/\` JS, signed out (${how})`,
      `${kB(js.gzip)} gzip in ${js.scripts.length} scripts`,
      `budget ≤ ${kB(LANDING_JS_BUDGET_GZIP)}`,
      ok ? 'ok' : 'OVER BUDGET',
    ]);
  }

  const cookie = await signedInCookie(server.origin);
  const bareRuns: Throughput[] = [];
  const verifyRuns: Throughput[] = [];
  for (let round = 0; round < rounds; round++) {
    bareRuns.push(await measure(bare.url, {}, load));
    verifyRuns.push(await measure(`${server.origin}/api/auth/verify`, { Cookie: cookie }, load));
  }
  const [baseline, verify] = [mean(bareRuns), mean(verifyRuns)];
  const settings = `${load.connections} connections, ${load.seconds} s × ${rounds}`;
  rows.push([`Bare Node \`http\` JSON server (${settings})`, rate(baseline), 'baseline', '']);
  rows.push([
    `\`GET /api/auth/verify\` signed in (${settings})`,
    rate(verify),
    `${((100 * verify.requestsPerSecond) / baseline.requestsPerSecond).toFixed(1)}% of bare`,
    '',
  ]);

  console.log(`\nSavepoint bench — ${new Date().toISOString()}, Node ${process.versions.node}\n`);
  console.log(['| Measure | Result | Reference | Verdict |', '|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'));
  for (const [how, js] of landing) {
    console.log(`\nLanding scripts (${how}):`);
    for (const s of js.scripts) console.log(`  ${kB(s.gzip).padStart(9)} gzip  ${kB(s.bytes).padStart(9)} raw  ${s.url}`);
    if (js.lazy.length > 0) console.log(`  not counted (dynamic import, loaded on demand): ${js.lazy.join(', ')}`);
  }
} finally {
  await bare.stop();
  await server.stop();
}
if (overBudget) {
  console.error(`\n✖ The landing page ships more than ${kB(LANDING_JS_BUDGET_GZIP)} of JS (gzip) to signed-out visitors.`);
  process.exit(1);
}
