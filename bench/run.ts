/**
 * NOTE: `npm run bench` (builds first if stale). Starts the production server (throwaway DATA_DIR) and a bare
 * Node JSON server as child processes, then prints a markdown table. Exits 1 when a page's JS budget (design
 * brief §8) is exceeded. Settings: BENCH_CONNECTIONS (50), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (3),
 * BENCH_ROUNDS (2), BENCH_LOG_LEVEL (the server's LOG_LEVEL; default 'info' as shipped: one access-log line per
 * API request). See bench/README.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startProductionServer } from '../tests/e2e/support/production-server.ts';
import { chromiumPageScripts, crawlPageScripts, type PageJs } from './page-js.ts';
import { measure, signedInCookie, startBareJsonServer, type LoadSettings, type Throughput } from './throughput.ts';

// "<= 10 kB gzip" for the landing page, "<= 130 kB gzip initial JS" for app pages, read strictly (1 kB = 1,000 B).
const LANDING_BUDGET = 10_000;
const APP_PAGE_BUDGET = 130_000;
const APP_PAGES_SIGNED_OUT = ['/login', '/register'];
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

type PageRow = { label: string; js: PageJs; budget: number };

async function measurePages(origin: string): Promise<PageRow[]> {
  const rows: PageRow[] = [
    { label: 'Landing `/` JS, signed out (HTML + static imports)', js: await crawlPageScripts(origin), budget: LANDING_BUDGET },
  ];
  if (fs.existsSync(CHROMIUM)) {
    rows.push({
      label: 'Landing `/` JS, signed out (loaded by Chromium)',
      js: await chromiumPageScripts(origin, CHROMIUM),
      budget: LANDING_BUDGET,
    });
  }
  for (const page of APP_PAGES_SIGNED_OUT) {
    rows.push({
      label: `App page \`${page}\` initial JS (HTML + static imports)`,
      js: await crawlPageScripts(origin, page),
      budget: APP_PAGE_BUDGET,
    });
  }
  return rows;
}

async function measureVerify(origin: string, bareUrl: string): Promise<string[][]> {
  const cookie = await signedInCookie(origin);
  const bareRuns: Throughput[] = [];
  const verifyRuns: Throughput[] = [];
  for (let round = 0; round < rounds; round++) {
    bareRuns.push(await measure(bareUrl, {}, load));
    verifyRuns.push(await measure(`${origin}/api/auth/verify`, { Cookie: cookie }, load));
  }
  const [baseline, verify] = [mean(bareRuns), mean(verifyRuns)];
  const settings = `${load.connections} connections, ${load.seconds} s × ${rounds}`;
  const ratio = `${((100 * verify.requestsPerSecond) / baseline.requestsPerSecond).toFixed(1)}% of bare`;
  return [
    [`Bare Node \`http\` JSON server (${settings})`, rate(baseline), 'baseline', ''],
    [`\`GET /api/auth/verify\` signed in (${settings})`, rate(verify), ratio, ''],
  ];
}

const logFile = path.resolve(import.meta.dirname, '../.tmp/bench-server.log');
const server = await startProductionServer({ logFile, logLevel: process.env.BENCH_LOG_LEVEL ?? 'info' });
const bare = await startBareJsonServer();
let overBudget: PageRow[] = [];
try {
  const pages = await measurePages(server.origin);
  overBudget = pages.filter((p) => p.js.gzip > p.budget);
  const rows = pages.map((p) => [
    p.label,
    `${kB(p.js.gzip)} gzip in ${p.js.scripts.length} scripts`,
    `budget ≤ ${kB(p.budget)}`,
    p.js.gzip <= p.budget ? 'ok' : 'OVER BUDGET',
  ]);
  rows.push(...(await measureVerify(server.origin, bare.url)));

  console.log(`\nSavepoint bench — ${new Date().toISOString()}, Node ${process.versions.node}\n`);
  console.log(['| Measure | Result | Reference | Verdict |', '|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'));
  for (const { label, js } of pages) {
    console.log(`\n${label}:`);
    for (const s of js.scripts) console.log(`  ${kB(s.gzip).padStart(9)} gzip  ${kB(s.bytes).padStart(9)} raw  ${s.url}`);
    if (js.lazy.length > 0) console.log(`  not counted (dynamic import, loaded on demand): ${js.lazy.join(', ')}`);
  }
} finally {
  await bare.stop();
  await server.stop();
}
for (const p of overBudget) console.error(`\n✖ ${p.label}: ${kB(p.js.gzip)} gzip is over its budget of ${kB(p.budget)}.`);
if (overBudget.length > 0) process.exit(1);
