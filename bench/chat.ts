/**
 * NOTE: the chat measures of `npm run bench` (design brief §8: "with 1,000 connected sockets, p99 delivery
 * <= 150 ms and no message lost"; issue 5). A production server of its own (TRUST_PROXY, so the sign-ups get client
 * addresses of their own; `--inspect` on loopback, so the bench can force a GC and read its memory) gets people,
 * friendships and rooms through the API; then every person opens several sockets (tabs) from this process. Messages
 * go through POST /api/chat/send-message at a steady rate from every person in turn; each socket that should hear
 * one records receive time − send start. The same people, rooms, sockets and schedule then run against a bare
 * socket.io server (bench/bare-socket-server.ts: no session, no database) as the baseline for this machine and
 * this client process, which also holds all the sockets.
 * Layout 'channel' (issue 22): everyone is a member of one community and every message goes to its 'general'
 * channel, so each message reaches every socket (one emit to the members' room on Savepoint's side).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatMessage } from '../src/shared/chat-types.ts';
import { treeCpuSeconds } from './process-cpu.ts';
import { freeLoopbackPort, startProductionServer } from '../tests/e2e/support/production-server.ts';
import { connect, type TestSocket } from '../tests/integration/support/sockets.ts';
import { befriendAll, createRoom, expectStatus, inPool, signUpPeople, type Person } from './people.ts';
import { startBareServer } from './throughput.ts';
import { startPushSink, type PushSink } from './push-sink.ts';

export type ChatSettings = {
  /** 'rooms': groups of GROUP_SIZE and 1-on-1s; 'channel': everyone in one community's channel. */
  layout: 'rooms' | 'channel';
  /** People, in groups of GROUP_SIZE: each is in one group and one 1-on-1. */
  people: number;
  /** Sockets per person (browser tabs). */
  tabs: number;
  /** Messages per second, for `seconds`. */
  rate: number;
  seconds: number;
  /** Bare and Savepoint runs, alternated (the machine's speed drifts; each target gets the same share of it). */
  rounds: number;
  /**
   * Issue 25: every person subscribes to pushes (at bench/push-sink.ts), and each group gets one more member who
   * never connects, so every group message is also pushed (fan-out, encryption, the HTTPS post) while the sockets
   * are measured. 'rooms' layout only.
   */
  push?: boolean;
};

const GROUP_SIZE = 10;
const P99_BUDGET_MS = 150;
/** Server + PostgreSQL CPU per message, as a multiple of the bare socket.io broadcast's in the same run. */
const CPU_RATIO_BUDGET = 2;
/** The bare baseline's p99 is ~5 ms on a quiet machine of this kind; ten times that means other work was running. */
const BUSY_BARE_P99_MS = 50;
/** How long after the last answered send a missing delivery still counts as late rather than lost. */
const GRACE_MS = 10_000;
const PREFIX = 'bench ';
/** The event-loop delay histogram records whole timer intervals: this much is the timer, the rest is delay. */
const LAG_RESOLUTION_MS = 1;
/** Message `seq` as the app's client sends it: the text, and a client_id of its own (ADR 018). */
const outgoing = (seq: number, round: number) => ({ content: `${PREFIX}${seq}`, client_id: `bench-message-${round}-${seq}` });

/** Rooms hold person indexes; `ids` are what the server calls them (user ids, or the index for the bare server). */
type Room = { id: number; people: number[] };
type Target = {
  /** Connects one tab of person `person`. */
  connect: (person: number) => Promise<TestSocket>;
  /** Sends message `seq` (content and client_id from `outgoing`) from person `sender` to `room`; answers the HTTP status. */
  send: (sender: number, room: Room, seq: number, round: number) => Promise<number>;
  /** The server's memory after a full GC. */
  memory: () => Promise<Memory>;
  /** The server's process (its CPU time is read with its children's: the embedded PostgreSQL). */
  pid: number;
  rooms: Room[];
};
type Memory = { rss: number; heapUsed: number };

export type Delivery = {
  messages: number;
  expected: number;
  latency: { p50: number; p99: number; max: number };
  ackP50: number;
  ackP99: number;
  lost: number;
  duplicated: number;
  misdelivered: number;
  failedSends: number;
  /** Why the first failed send failed (its status, or the client's error), so a failure can be looked into. */
  firstFailure: string | null;
  disconnects: number;
  clientLagP99: number;
  clientLagMax: number;
  /** CPU time of the server's process tree while sending and delivering, per message. */
  serverCpuMsPerMessage: number;
  /** The part of it spent in the server's own Node process (the rest: PostgreSQL). */
  nodeCpuMsPerMessage: number;
};
type Run = { delivery: Delivery; perSocket: Memory };

const round1 = (ms: number) => Math.round(ms * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/**
 * Groups of GROUP_SIZE consecutive people (the first owns it) and 1-on-1s of neighbours (2k, 2k+1); for a channel,
 * one group of everyone (the first owns the community).
 */
function roomPlan(people: number, layout: ChatSettings['layout']): { groups: number[][]; pairs: number[][] } {
  const index = Array.from({ length: people }, (_, i) => i);
  if (layout === 'channel') return { groups: [index], pairs: [] };
  const groups = Array.from({ length: people / GROUP_SIZE }, (_, g) => index.slice(g * GROUP_SIZE, (g + 1) * GROUP_SIZE));
  const pairs = Array.from({ length: people / 2 }, (_, k) => [2 * k, 2 * k + 1]);
  return { groups, pairs };
}

/** Forces a full GC in a Node process started with `--inspect=127.0.0.1:<port>` and reads process.memoryUsage(). */
async function memoryAfterGc(inspectPort: number): Promise<Memory> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  const answers = new Map<number, (result: unknown) => void>();
  ws.onmessage = (e) => {
    const { id, result } = JSON.parse(String(e.data)) as { id: number; result: unknown };
    answers.get(id)?.(result);
  };
  let lastId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      answers.set(++lastId, resolve);
      ws.send(JSON.stringify({ id: lastId, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const evaluated = (await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(evaluated.result.value) as Memory;
  } finally {
    ws.close();
  }
}

/** People, friendships and rooms through the Savepoint API (each sign-up from a client address of its own). */
async function savepointTarget(origin: string, pid: number, inspectPort: number, settings: ChatSettings, sink?: PushSink): Promise<Target> {
  const everyone = await signUpPeople(() => origin, settings.people);
  // With pushes: one member per group who never connects (signed up after everyone, so from addresses of their own).
  const offline = sink ? await signUpPeople(() => origin, settings.people / GROUP_SIZE, settings.people) : [];
  const rooms =
    settings.layout === 'channel'
      ? [{ id: await communityChannel(everyone), people: everyone.map((_, i) => i) }]
      : await chatRooms(everyone, offline);
  if (sink) {
    await inPool([...everyone, ...offline], 8, async (p) =>
      expectStatus('subscribe', await p.client.post('/api/push/subscriptions', sink.subscription()), 201),
    );
  }
  const clients = everyone.map((p) => p.client);
  return {
    rooms,
    connect: (p) => connect(origin, { cookie: clients[p]!.cookieHeader(), token: clients[p]!.csrfToken ?? '' }),
    send: async (sender, room, seq, round) =>
      (await clients[sender]!.post('/api/chat/send-message', { room_id: room.id, ...outgoing(seq, round) })).status,
    memory: () => memoryAfterGc(inspectPort),
    pid,
  };
}

/** A public community of the first person that everyone joins; answers its 'general' channel's room id. */
async function communityChannel(everyone: Person[]): Promise<number> {
  const [owner, ...others] = everyone;
  const made = await owner!.client.post<{ community: { slug: string } }>('/api/communities', {
    name: 'Bench channel',
    visibility: 'public',
  });
  await expectStatus('create community', made, 201);
  const slug = made.body.community.slug;
  await inPool(others, 8, async (p) => expectStatus('join', await p.client.post(`/api/communities/${slug}/join`), 200));
  const listed = await owner!.client.get<{ channels: Array<{ room_id: number }> }>(`/api/communities/${slug}/channels`);
  await expectStatus('channels', listed, 200);
  return listed.body.channels[0]!.room_id;
}

/** The groups and 1-on-1s of roomPlan, made of friends; `offline[g]` joins group g too, without a socket. */
async function chatRooms(everyone: Person[], offline: Person[] = []): Promise<Room[]> {
  const { groups, pairs } = roomPlan(everyone.length, 'rooms');
  const friendships = new Map<string, [Person, Person]>();
  for (const [owner, ...members] of groups) for (const m of members) friendships.set(`${owner}:${m}`, [everyone[owner!]!, everyone[m]!]);
  offline.forEach((p, g) => friendships.set(`${groups[g]![0]}:offline${g}`, [everyone[groups[g]![0]!]!, p]));
  for (const [a, b] of pairs) friendships.set(`${Math.min(a!, b!)}:${Math.max(a!, b!)}`, [everyone[a!]!, everyone[b!]!]);
  await befriendAll([...friendships.values()]);
  const rooms: Room[] = [];
  await inPool([...groups, ...pairs], 4, async ([owner, ...others], i) => {
    const name = i < groups.length ? `bench group ${owner}` : '';
    const extra = i < groups.length && offline[i] ? [offline[i]] : [];
    const id = await createRoom(everyone[owner!]!, [...others.map((p) => everyone[p]!), ...extra], name);
    rooms[i] = { id, people: [owner!, ...others] };
  });
  return rooms;
}

/** The same people and rooms on the bare socket.io server: a person is their index. */
function bareTarget(url: string, pid: number, inspectPort: number, settings: ChatSettings): Target {
  const { groups, pairs } = roomPlan(settings.people, settings.layout);
  return {
    rooms: [...groups, ...pairs].map((members, i) => ({ id: i, people: members })),
    connect: (p) => connect(url, { token: String(p) }),
    async send(sender, room, seq, round) {
      const message: ChatMessage = {
        ...outgoing(seq, round),
        id: seq + 1,
        room_id: room.id,
        sender_id: sender,
        sender_name: `player_${sender}`,
        message_type: 'text',
        image_url: null,
        thumbnail_url: null,
        timestamp: new Date().toISOString(),
      };
      const res = await fetch(new URL('/send', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: room.people.map(String), message }),
      });
      await res.arrayBuffer();
      return res.status;
    },
    memory: () => memoryAfterGc(inspectPort),
    pid,
  };
}

/**
 * Connects `tabs` sockets a person (memory after GC before and after, with 2 s of idling), then sends
 * rate × seconds messages on a fixed schedule, person i % people in turn, alternating their group and 1-on-1.
 */
async function run(target: Target, settings: ChatSettings, round: number): Promise<Run> {
  const { people, tabs, rate, seconds } = settings;
  const before = await target.memory();
  const owners = Array.from({ length: people * tabs }, (_, s) => s % people);
  const sockets: TestSocket[] = new Array(owners.length);
  let disconnects = 0;
  await inPool(owners, 20, async (person, s) => {
    sockets[s] = await target.connect(person);
    sockets[s].on('disconnect', () => disconnects++);
  });
  await sleep(2000);
  const after = await target.memory();
  const perSocket = { rss: (after.rss - before.rss) / sockets.length, heapUsed: (after.heapUsed - before.heapUsed) / sockets.length };

  const roomsOf: Room[][] = Array.from({ length: people }, () => []);
  for (const room of target.rooms) for (const p of room.people) roomsOf[p]!.push(room);
  const total = rate * seconds;
  const plan = Array.from({ length: total }, (_, i) => {
    const sender = i % people;
    const mine = roomsOf[sender]!;
    return { sender, room: mine[(i + Math.floor(i / people)) % mine.length]! };
  });
  const starts = new Float64Array(total);
  const received = new Uint8Array(total * sockets.length);
  const latencies: number[] = [];
  sockets.forEach((socket, s) => {
    socket.on('chat_message', (message) => {
      const now = performance.now();
      const seq = Number(message.content.slice(PREFIX.length));
      const at = seq * sockets.length + s;
      if (received[at] === 0) latencies.push(now - starts[seq]!);
      received[at] = Math.min(255, (received[at] ?? 0) + 1);
    });
  });
  const expected = plan.reduce((sum, { room }) => sum + room.people.length * tabs, 0);

  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  const acks: number[] = [];
  let failedSends = 0;
  let firstFailure: string | null = null;
  const failed = (why: string) => {
    failedSends++;
    firstFailure ??= why;
  };
  const sends: Promise<void>[] = [];
  const cpuBefore = treeCpuSeconds(target.pid);
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    starts[i] = performance.now();
    sends.push(
      target.send(plan[i]!.sender, plan[i]!.room, i, round).then(
        (status) => {
          acks.push(performance.now() - starts[i]!);
          if (status !== 201) failed(`status ${status}`);
        },
        (err: unknown) => failed(String((err as Error)?.cause ?? err)),
      ),
    );
  }
  await Promise.all(sends);
  const deadline = performance.now() + GRACE_MS;
  while (latencies.length < expected && performance.now() < deadline) await sleep(50);
  lag.disable();
  const cpuAfter = treeCpuSeconds(target.pid);
  const cpuMs = (cpuAfter.tree - cpuBefore.tree) * 1000;
  const nodeCpuMs = (cpuAfter.root - cpuBefore.root) * 1000;
  for (const socket of sockets) {
    socket.off('disconnect');
    socket.close();
  }

  let lost = 0;
  let duplicated = 0;
  let misdelivered = 0;
  plan.forEach(({ room }, seq) => {
    const audience = new Set(room.people);
    for (let s = 0; s < sockets.length; s++) {
      const count = received[seq * sockets.length + s]!;
      if (!audience.has(owners[s]!)) misdelivered += count;
      else if (count === 0) lost++;
      else duplicated += count - 1;
    }
  });
  latencies.sort((a, b) => a - b);
  acks.sort((a, b) => a - b);
  return {
    perSocket,
    delivery: {
      messages: total,
      expected,
      latency: { p50: round1(quantile(latencies, 0.5)), p99: round1(quantile(latencies, 0.99)), max: round1(latencies.at(-1) ?? NaN) },
      ackP50: round1(quantile(acks, 0.5)),
      ackP99: round1(quantile(acks, 0.99)),
      lost,
      duplicated,
      misdelivered,
      failedSends,
      firstFailure,
      disconnects,
      clientLagP99: round1(lag.percentile(99) / 1e6 - LAG_RESOLUTION_MS),
      clientLagMax: round1(lag.max / 1e6 - LAG_RESOLUTION_MS),
      serverCpuMsPerMessage: Math.round((cpuMs / total) * 100) / 100,
      nodeCpuMsPerMessage: Math.round((nodeCpuMs / total) * 100) / 100,
    },
  };
}

/** Several runs of one target as one: counts summed, CPU per message averaged (equal messages a run), the worst
 * latency quantiles, and the first run's memory (each run connects the same sockets again). */
function combined(runs: Run[]): Run {
  const all = runs.map((r) => r.delivery);
  const sum = (f: (d: Delivery) => number) => all.reduce((n, d) => n + f(d), 0);
  const worst = (f: (d: Delivery) => number) => Math.max(...all.map(f));
  const mean = (f: (d: Delivery) => number) => round2(sum(f) / all.length);
  return {
    perSocket: runs[0]!.perSocket,
    delivery: {
      messages: sum((d) => d.messages),
      expected: sum((d) => d.expected),
      latency: { p50: worst((d) => d.latency.p50), p99: worst((d) => d.latency.p99), max: worst((d) => d.latency.max) },
      ackP50: worst((d) => d.ackP50),
      ackP99: worst((d) => d.ackP99),
      lost: sum((d) => d.lost),
      duplicated: sum((d) => d.duplicated),
      misdelivered: sum((d) => d.misdelivered),
      failedSends: sum((d) => d.failedSends),
      firstFailure: all.find((d) => d.firstFailure)?.firstFailure ?? null,
      disconnects: sum((d) => d.disconnects),
      clientLagP99: worst((d) => d.clientLagP99),
      clientLagMax: worst((d) => d.clientLagMax),
      serverCpuMsPerMessage: mean((d) => d.serverCpuMsPerMessage),
      nodeCpuMsPerMessage: mean((d) => d.nodeCpuMsPerMessage),
    },
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const latencyText = (d: Delivery) => `p50 ${d.latency.p50} / p99 ${d.latency.p99} / max ${d.latency.max} ms`;

const cpuProfile = process.env.BENCH_CPU_PROF ? `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` : '';

/** Bare socket.io baseline, then Savepoint, with the same plan; rows for run.ts's table and the budgets missed. */
export async function measureChat(settings: ChatSettings, logFile: string): Promise<{ rows: string[][]; failures: string[] }> {
  const { people, tabs, rate } = settings;
  const channel = settings.layout === 'channel';
  if (!channel && people % GROUP_SIZE !== 0) throw new Error(`chat bench: people (${people}) must be a multiple of ${GROUP_SIZE}`);
  const bareInspect = await freeLoopbackPort();
  const bare = await startBareServer('bare-socket-server.ts', [
    `--inspect=127.0.0.1:${bareInspect}`,
    ...cpuProfile.split(' ').filter(Boolean),
  ]);
  const inspect = await freeLoopbackPort();
  const sink = settings.push ? await startPushSink() : undefined;
  const server = await startProductionServer({
    logFile,
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
    // BENCH_CPU_PROF=<dir>: the chat server writes a V8 CPU profile there when it stops.
    env: {
      ...sink?.env,
      TRUST_PROXY: 'true',
      NODE_OPTIONS: [process.env.NODE_OPTIONS, `--inspect=127.0.0.1:${inspect}`, cpuProfile].filter(Boolean).join(' '),
    },
  });
  const bareRuns: Run[] = [];
  const chatRuns: Run[] = [];
  try {
    const bareSide = bareTarget(bare.url, bare.pid, bareInspect, settings);
    const chatSide = await savepointTarget(server.origin, server.pid, inspect, settings, sink);
    // Alternated, one target idle while the other is measured: a machine that speeds up or slows down during the
    // bench weighs on both alike.
    for (let round = 0; round < settings.rounds; round++) {
      bareRuns.push(await run(bareSide, settings, round));
      chatRuns.push(await run(chatSide, settings, round));
    }
    // The last pushes leave through the job queue a moment after the last message.
    if (sink) await sleep(3000);
  } finally {
    await Promise.all([bare.stop(), server.stop(), sink?.stop()]);
  }
  const pushed = sink?.received() ?? 0;
  const baseline = combined(bareRuns);
  const chat = combined(chatRuns);

  const d = chat.delivery;
  const b = baseline.delivery;
  const sockets = (people * tabs).toLocaleString('en-US');
  const rooms = channel ? `all in one community's channel` : `${people / GROUP_SIZE} groups of ${GROUP_SIZE} and ${people / 2} 1-on-1s`;
  const shape = `${sockets} sockets: ${people} people × ${tabs} tabs, ${rooms}; ${d.messages.toLocaleString('en-US')} messages at ${rate}/s in ${settings.rounds} run${settings.rounds === 1 ? '' : 's'} alternated with bare`;
  const what = channel ? 'Channel' : settings.push ? 'Chat with push' : 'Chat';
  const ratio = `${(d.latency.p99 / b.latency.p99).toFixed(1)}× bare p99`;
  const lossText = (x: Delivery) =>
    `${x.lost} lost, ${x.duplicated} duplicated, ${x.misdelivered} to non-participants of ${x.expected.toLocaleString('en-US')}` +
    (x.failedSends + x.disconnects > 0
      ? ` (${x.failedSends} failed sends${x.firstFailure ? `, the first: ${x.firstFailure}` : ''}, ${x.disconnects} disconnects)`
      : '');
  const cpuRatio = d.serverCpuMsPerMessage / b.serverCpuMsPerMessage;
  const delivered = d.lost + d.duplicated + d.misdelivered + d.failedSends + d.disconnects === 0;
  const rows = [
    [`Bare socket.io broadcast, no database (${shape})`, `${latencyText(b)}; send answered p99 ${b.ackP99} ms`, 'baseline', ''],
    [
      `${what} delivery, send-message start → \`chat_message\` on every tab (${shape})`,
      `${latencyText(d)}; send answered p50 ${d.ackP50} / p99 ${d.ackP99} ms`,
      `budget p99 ≤ ${P99_BUDGET_MS} ms; ${ratio}`,
      d.latency.p99 <= P99_BUDGET_MS ? 'ok' : 'OVER',
    ],
    [
      `${what} deliveries lost, duplicated or to non-participants`,
      lossText(d),
      `budget 0 (bare: ${b.lost + b.duplicated + b.misdelivered})`,
      delivered ? 'ok' : 'LOST',
    ],
    [
      `${what}: server memory per idle socket, after GC (${sockets} sockets)`,
      `${kB(chat.perSocket.heapUsed)} heap, ${kB(chat.perSocket.rss)} RSS`,
      `bare socket.io: ${kB(baseline.perSocket.heapUsed)} heap, ${kB(baseline.perSocket.rss)} RSS`,
      '',
    ],
    [
      `${what}: server CPU per message while delivering (the server process and its PostgreSQL)`,
      `${d.serverCpuMsPerMessage} ms (${cpuRatio.toFixed(2)}× bare; Node ${d.nodeCpuMsPerMessage} ms, PostgreSQL ${round2(d.serverCpuMsPerMessage - d.nodeCpuMsPerMessage)} ms)`,
      `bare socket.io: ${b.serverCpuMsPerMessage} ms; budget ≤ ${CPU_RATIO_BUDGET}× bare`,
      cpuRatio <= CPU_RATIO_BUDGET ? 'ok' : 'OVER',
    ],
    [
      `${what} bench client (all sockets in one process): event-loop delay while delivering`,
      `p99 ${d.clientLagP99} ms, max ${d.clientLagMax} ms`,
      `bare run: p99 ${b.clientLagP99} ms, max ${b.clientLagMax} ms`,
      '',
    ],
  ];
  if (sink) {
    rows.push([
      `${what}: pushes to the ${people / GROUP_SIZE} group members without a socket (everyone subscribed; connected people get none)`,
      `${pushed.toLocaleString('en-US')} delivered to the push service`,
      'one per group per 5 s at most (its newest message), none to connected people',
      pushed > 0 ? 'ok' : 'NONE',
    ]);
  }
  const failures: string[] = [];
  if (sink && pushed === 0) failures.push(`${what}: no push reached the push service.`);
  if (d.latency.p99 > P99_BUDGET_MS) {
    const busy = b.latency.p99 > BUSY_BARE_P99_MS ? ': the machine was busy, run it again on a quiet one' : '';
    failures.push(
      `${what} delivery p99 ${d.latency.p99} ms is over its budget of ${P99_BUDGET_MS} ms (bare socket.io p99 ${b.latency.p99} ms${busy}).`,
    );
  }
  if (!(cpuRatio <= CPU_RATIO_BUDGET)) {
    failures.push(
      `${what} server CPU per message ${d.serverCpuMsPerMessage} ms is ${cpuRatio.toFixed(2)}× the bare socket.io broadcast's ${b.serverCpuMsPerMessage} ms (budget ≤ ${CPU_RATIO_BUDGET}×).`,
    );
  }
  if (!delivered) failures.push(`${what} delivery was not complete: ${lossText(d)}.`);
  return { rows, failures };
}
