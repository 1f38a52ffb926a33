/**
 * NOTE: the capacity ramp of `npm run bench` (section `ramp`): simulated active people (bench/ramp-person.ts) are
 * added step by step (BENCH_RAMP_STEPS, each held BENCH_RAMP_STEP_SECONDS) until the p95 of their HTTP requests
 * passes BENCH_RAMP_P95_MS or errors appear (a non-2xx answer, a failed request, a dropped socket, a chat message
 * not delivered to the partner's socket within GRACE_MS). First against one node, then two nodes with Redis
 * (bench/ramp-site.ts). New people sign up between steps (not measured); people of earlier steps keep acting.
 * Both sites share this machine's cores with each other's nodes and with this load generator.
 */
import sharp from 'sharp';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from '../tests/integration/support/sockets.ts';
import { growPosts, postPhoto, serverDatabase } from './media.ts';
import { befriendAll, createRoom, inPool, signUpPeople } from './people.ts';
import { live, listen, tallies, Tally, type Active, type World } from './ramp-person.ts';
import { oneNode, twoNodes, type Site } from './ramp-site.ts';
import { signedInCookie } from './throughput.ts';
import { machineCpu } from './process-cpu.ts';

export type RampSettings = { steps: number[]; stepSeconds: number; p95BudgetMs: number };
type Step = {
  people: number;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  errors: Tally['errors'];
  lost: number;
  sent: number;
  /** Shares of the machine's cores during the measured seconds: all of it, and this process (the people) alone. */
  machineCpu: number;
  peopleCpu: number;
};

const POSTS = 500;
const GRACE_MS = 5000;
const at = (sorted: number[], q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN);

/** A real photo post through node A (so signed URLs point at a file), copied in the database to POSTS posts. */
async function seed(site: Site): Promise<number[]> {
  const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#1976d2' } })
    .png()
    .toBuffer();
  const template = await postPhoto(site.origins[0]!, await signedInCookie(site.origins[0]!), photo);
  const db = serverDatabase(site.dataDir);
  try {
    await growPosts(db, template, POSTS);
    return (await db.query<{ id: number }>('select id from media')).rows.map((r) => r.id);
  } finally {
    await db.end();
  }
}

/** People first..first+count (an even count): pairs (2k, 2k+1) are friends with a 1-on-1, on alternate nodes. */
async function addPeople(site: Site, world: World, first: number, count: number): Promise<Active[]> {
  const people = await signUpPeople((i) => site.origins[i % site.origins.length]!, count, first);
  const pairs = Array.from({ length: count / 2 }, (_, k): [number, number] => [2 * k, 2 * k + 1]);
  await befriendAll(pairs.map(([a, b]) => [people[a]!, people[b]!]));
  const active: Active[] = new Array(count);
  await inPool(pairs, 4, async ([a, b]) => {
    const roomId = await createRoom(people[a]!, [people[b]!]);
    for (const [me, partner] of [
      [a, b],
      [b, a],
    ] as const) {
      const { client } = people[me]!;
      const socket = await connect(client.origin, { cookie: client.cookieHeader(), token: client.csrfToken ?? '' });
      active[me] = { ...people[me]!, socket, roomId, partner: first + partner };
    }
  });
  world.usernames.push(...people.map((p) => p.username));
  return active;
}

/**
 * Steps up until a step misses the budget. With `correctnessOnly` (two nodes sharing one machine) a slow step does
 * not stop it: only an error or a lost message does, so every step is a test of cross-node delivery under load.
 */
async function ramp(site: Site, settings: RampSettings, log: (line: string) => void, correctnessOnly = false): Promise<Step[]> {
  const world: World = { postIds: await seed(site), usernames: [], tally: new Tally(), running: true };
  const everyone: Active[] = [];
  const lives: Promise<void>[] = [];
  const steps: Step[] = [];
  try {
    // People come in pairs (each pair chats); an odd step is rounded up.
    for (const target of settings.steps.map((n) => Math.ceil(n / 2) * 2)) {
      const added = await addPeople(site, world, everyone.length, target - everyone.length);
      for (const person of added) {
        listen(person, world);
        lives.push(live(person, world));
      }
      everyone.push(...added);
      const tally = new Tally();
      tallies.add(tally);
      world.tally = tally;
      const [machineBefore, peopleBefore] = [machineCpu(), process.cpuUsage()];
      await sleep(settings.stepSeconds * 1000);
      const machine = machineCpu();
      const people = process.cpuUsage(peopleBefore);
      world.tally = new Tally(); // requests from here on belong to no step
      await sleep(GRACE_MS);
      tallies.delete(tally);
      const sorted = tally.latencies.sort((a, b) => a - b);
      const step: Step = {
        people: target,
        rate: Math.round(sorted.length / settings.stepSeconds),
        p50: at(sorted, 0.5),
        p95: at(sorted, 0.95),
        p99: at(sorted, 0.99),
        errors: tally.errors,
        lost: tally.pending.size,
        sent: tally.sent,
        machineCpu: (machine.busy - machineBefore.busy) / (machine.total - machineBefore.total),
        peopleCpu: (people.user + people.system) / 1e6 / (settings.stepSeconds * machine.cores),
      };
      steps.push(step);
      log(
        `ramp (${site.label}): ${target} people, ${step.rate} req/s, p95 ${step.p95} ms, ${tally.errorCount} errors, ${step.lost} lost; ` +
          `CPU ${pct(step.machineCpu)} of the machine, the people ${pct(step.peopleCpu)}`,
      );
      if ((!correctnessOnly && step.p95 > settings.p95BudgetMs) || tally.errorCount > 0 || step.lost > 0) break;
    }
  } finally {
    world.running = false;
    await Promise.all(lives);
    for (const person of everyone) person.socket.close();
  }
  return steps;
}

const pct = (share: number) => `${Math.round(share * 100)}%`;
const errorText = (s: Step) => [...s.errors].map(([what, n]) => `${n} × ${what}`).join('; ') || (s.lost > 0 ? '' : 'none');
const passes = (s: Step, budget: number) => s.p95 <= budget && s.errors.size === 0 && s.lost === 0;

function table(label: string, steps: Step[], budget: number): string[] {
  const held = steps.filter((s) => passes(s, budget)).at(-1)?.people ?? 0;
  const lastPassed = steps.length > 0 && passes(steps.at(-1)!, budget);
  const verdict = lastPassed ? `at least ${held} (every step passed)` : `${held}`;
  return [
    `\nCapacity ramp, ${label}: ${verdict} active people within p95 ≤ ${budget} ms and no errors`,
    '| Active people | Requests/s | p50 | p95 | p99 | Chat messages lost | Errors | Machine CPU (the people) | Verdict |',
    '|---|---|---|---|---|---|---|---|---|',
    ...steps.map(
      (s) =>
        `| ${s.people} | ${s.rate} | ${s.p50} ms | ${s.p95} ms | ${s.p99} ms | ${s.lost} of ${s.sent} | ${errorText(s)} | ` +
        `${pct(s.machineCpu)} (${pct(s.peopleCpu)}) | ${passes(s, budget) ? 'ok' : 'OVER'} |`,
    ),
  ];
}

/**
 * Both ramps; markdown tables for run.ts to print, and failures. Two nodes on the same 2 cores cannot show
 * capacity, so that ramp climbs to the load where one node stopped whatever its p95, and fails on any error or
 * lost chat message.
 */
export async function measureRamp(settings: RampSettings, logDir: string): Promise<{ tables: string[]; failures: string[] }> {
  const log = (line: string) => console.error(line);
  const one = await runOn(oneNode, logDir, (site) => ramp(site, settings, log));
  const reached = one.at(-1)?.people ?? 0;
  const twoSettings = { ...settings, steps: settings.steps.filter((n) => n <= reached) };
  const two = await runOn(twoNodes, logDir, (site) => ramp(site, twoSettings, log, true));
  const failures: string[] = [];
  const broken = two.filter((s) => s.lost > 0 || s.errors.size > 0);
  if (broken.length > 0) {
    failures.push(`Capacity ramp, two nodes: errors or lost chat messages at ${broken.map((s) => s.people).join(', ')} people.`);
  }
  const tables = [
    ...table('one 2-core node holds', one, settings.p95BudgetMs),
    ...table('two nodes + Redis on the same 2 cores (proves correctness under load, not capacity) held', two, settings.p95BudgetMs),
  ];
  return { tables, failures };
}

async function runOn(start: (logDir: string) => Promise<Site>, logDir: string, work: (site: Site) => Promise<Step[]>): Promise<Step[]> {
  const site = await start(logDir);
  try {
    return await work(site);
  } finally {
    await site.stop();
  }
}
