// NOTE: `npm test`, every check in the order that keeps two cores busy (see docs/decisions/035-test-suite-time.md).
// 1. `npm run codegen` (Panda's styled-system and Astro's types), alone: everything after reads what it writes.
// 2. Two lanes at once: `npm run check:types` (astro check) then `npm run lint` (one core each, mostly), beside `npm run test:unit` then
//    `npm run test:integration` (whose servers spend much of their time waiting on PostgreSQL and the network).
//    The integration lane prints as it goes; the other lane's output is held and printed whole when it ends, so
//    the log never interleaves.
// 3. `npm run test:e2e` (builds the site if stale), only when everything before passed.
// Exits with the first failing step's code. Every runner's own summary line is printed unchanged (.ci/run reads them).
import { spawn } from 'node:child_process';

/** Runs `npm run <script> [-- args]`; `hold` keeps its output and hands it back instead of printing it. */
function run(script, { hold = false, args = [] } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', script, ...(args.length ? ['--', ...args] : [])], {
      stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const chunks = [];
    if (hold) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      resolve({ script, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString(), seconds });
    });
  });
}

/** Runs steps one after another, stopping at the first failure. */
async function lane(steps) {
  const results = [];
  for (const step of steps) {
    const result = await step();
    results.push(result);
    if (!result.hold) console.log(`\n── ${result.script}: exit ${result.code} after ${result.seconds} s`);
    if (result.code !== 0) break;
  }
  return results;
}

const held = (script) => async () => ({ ...(await run(script, { hold: true })), hold: true });
const live = (script) => () => run(script);

const prepare = await run('codegen');
if (prepare.code !== 0) process.exit(prepare.code);

const [checks, tests] = await Promise.all([lane([held('check:types'), held('lint')]), lane([live('test:unit'), live('test:integration')])]);
for (const result of checks) {
  process.stdout.write(`\n── ${result.script} (ran beside the tests)\n${result.output}`);
  console.log(`── ${result.script}: exit ${result.code} after ${result.seconds} s`);
}
const failed = [...checks, ...tests].find((r) => r.code !== 0);
if (failed) process.exit(failed.code);

const e2e = await run('test:e2e');
console.log(`\n── test:e2e: exit ${e2e.code} after ${e2e.seconds} s`);
process.exit(e2e.code);
