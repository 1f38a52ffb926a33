/**
 * Spec §7/§9: the socket retries a lost connection 5 times with a 1000 ms delay (socket.io's backoff doubles it
 * per attempt, up to 5000 ms, with ±50% jitter), then gives up. The test server goes away mid-test and a bare
 * HTTP listener takes its port, refusing and counting every websocket upgrade. Slow by nature (~15-25 s).
 * What is checked is what happened (socket.io's own reconnection events, the upgrades that arrived) and the
 * settings its backoff draws the delays from; time only as a lower bound (the first retry is not immediate), which
 * a slow host cannot break.
 */
import http from 'node:http';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildRegistration } from '../../../src/server/db/factories/users.ts';
import { useTestServer } from '../support/server.ts';
import { loadClientModules, openBrowserTab, type BrowserTab } from './support/browser-tab.ts';

/** The sockets the page's module made (one), so the test can read its socket.io Manager. */
const made = vi.hoisted(() => ({ sockets: [] as Socket[] }));
vi.mock('socket.io-client', async () => {
  const { io } = (await import('./support/browser-tab.ts')).browserSocketIoClient();
  const recorded = (...args: unknown[]) => {
    const socket = (io as (...a: unknown[]) => Socket)(...args);
    made.sockets.push(socket);
    return socket;
  };
  return { io: recorded };
});

const app = useTestServer();
let tab: BrowserTab;
let client: Awaited<ReturnType<typeof loadClientModules>>;
let standIn: http.Server | undefined;

beforeAll(async () => {
  tab = openBrowserTab(app.origin);
  client = await loadClientModules();
});
afterAll(async () => {
  await tab?.close();
  await new Promise((resolve) => (standIn ? standIn.close(resolve) : resolve(undefined)));
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the dead server's port and answers every socket.io upgrade with 503, noting when each came. */
async function refuseUpgradesOn(port: number): Promise<number[]> {
  const attempts: number[] = [];
  standIn = http.createServer((_req, res) => res.writeHead(503).end());
  standIn.on('upgrade', (req: http.IncomingMessage, socket: import('node:stream').Duplex) => {
    if (req.url?.startsWith('/socket.io/')) attempts.push(Date.now());
    socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  // The port frees up while the server is still closing: keep trying until it is ours.
  for (;;) {
    const listening = await new Promise<boolean>((resolve) => {
      standIn!.once('error', () => resolve(false));
      standIn!.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listening) return attempts;
    await pause(10);
  }
}

it('after losing the server it retries 5 times, the first about 1000 ms later, then stops', { timeout: 60_000 }, async () => {
  const { session, socket } = client;
  await session.verify();
  await session.register(buildRegistration());
  socket.startRealtime();
  // Generous: what is proven here is only that it connects at all.
  await vi.waitFor(() => expect(socket.$socketConnected.get()).toBe(true), { timeout: 20_000 });
  expect(made.sockets).toHaveLength(1);
  const manager = made.sockets[0]!.io;
  // The backoff's settings: a first delay of 1000 ms ±50%, doubling up to 5000 ms, 5 attempts.
  expect({
    attempts: manager.reconnectionAttempts(),
    delay: manager.reconnectionDelay(),
    delayMax: manager.reconnectionDelayMax(),
    jitter: manager.randomizationFactor(),
  }).toEqual({ attempts: 5, delay: 1000, delayMax: 5000, jitter: 0.5 });
  /** socket.io's own account of its reconnection, in order. */
  const events: string[] = [];
  manager.on('reconnect_attempt', (n) => events.push(`attempt ${n}`));
  manager.on('reconnect', () => events.push('reconnected'));
  const gaveUp = new Promise<void>((resolve) =>
    manager.on('reconnect_failed', () => {
      events.push('gave up');
      resolve();
    }),
  );

  const { port } = app.server;
  const lost = new Promise<number>((resolve) => {
    const stopListening = socket.$socketConnected.listen((connected) => {
      if (connected) return;
      stopListening();
      resolve(Date.now());
    });
  });
  const closing = app.server.close();
  const attempts = await refuseUpgradesOn(port);
  await closing;
  const lostAt = await lost;

  await gaveUp;
  // Each of socket.io's 5 attempts reached the port, and it gave up after the fifth.
  expect(events).toEqual(['attempt 1', 'attempt 2', 'attempt 3', 'attempt 4', 'attempt 5', 'gave up']);
  expect(attempts).toHaveLength(5);
  // The first came after the backoff's delay, not at once: 1000 ms less its 50% jitter, less a little for the clock.
  // (No upper bound: a loaded host may run the timer late; the delay itself is the setting checked above.)
  expect(attempts[0]! - lostAt).toBeGreaterThanOrEqual(450);
  // Nothing tries again afterwards (socket.io's next delay would be at most 5000 ms).
  await pause(6000);
  expect(attempts).toHaveLength(5);
  expect(events.at(-1)).toBe('gave up');
  expect(socket.$socketConnected.get()).toBe(false);
});
