/**
 * Spec §7/§9: the socket retries a lost connection 5 times with a 1000 ms delay (socket.io's backoff doubles it
 * per attempt, up to 5000 ms, with ±50% jitter), then gives up. The test server goes away mid-test and a bare
 * HTTP listener takes its port, refusing and counting every websocket upgrade. Slow by nature (~15-25 s).
 */
import http from 'node:http';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildRegistration } from '../../../src/server/db/factories/users.ts';
import { useTestServer } from '../support/server.ts';
import { loadClientModules, openBrowserTab, type BrowserTab } from './support/browser-tab.ts';

vi.mock('socket.io-client', async () => (await import('./support/browser-tab.ts')).browserSocketIoClient());

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
  await vi.waitFor(() => expect(socket.$socketConnected.get()).toBe(true), { timeout: 3000 });

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

  await vi.waitFor(() => expect(attempts.length).toBeGreaterThanOrEqual(5), { timeout: 30_000, interval: 100 });
  // The 1000 ms delay with its ±50% jitter (and a little slack for the event loop).
  expect(attempts[0]! - lostAt).toBeGreaterThanOrEqual(450);
  expect(attempts[0]! - lostAt).toBeLessThanOrEqual(1700);
  // A sixth attempt would come within 5000 ms (the longest backoff, jitter included).
  await pause(6000);
  expect(attempts).toHaveLength(5);
  expect(socket.$socketConnected.get()).toBe(false);
});
