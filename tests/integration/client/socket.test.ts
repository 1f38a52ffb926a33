/**
 * The page's single socket (src/stores/socket.ts; spec §4 "Notifications and realtime", §7 "Realtime socket")
 * against the real server, in one browser tab with socket.io-client's browser build. What the server sees is
 * the evidence: its engine connections, its sockets, their handshakes. Tests run in order, like one page.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResponse } from '../../../src/shared/api-types.ts';
import { buildRegistration } from '../../../src/server/db/factories/users.ts';
import { useTestServer } from '../support/server.ts';
import { loadClientModules, openBrowserTab, type BrowserTab } from './support/browser-tab.ts';
import { buildNotification } from '../../factories/notifications.ts';

/** How often socket.io's own reconnection (its backoff: a first delay of 500-1500 ms) has started an attempt. */
const backoff = vi.hoisted(() => ({ attempts: 0 }));
vi.mock('socket.io-client', async () => {
  const { io } = (await import('./support/browser-tab.ts')).browserSocketIoClient();
  const counted = (...args: unknown[]) => {
    const socket = (io as (...a: unknown[]) => ReturnType<typeof io>)(...args);
    socket.io.on('reconnect_attempt', () => backoff.attempts++);
    return socket;
  };
  return { io: counted };
});

const app = useTestServer();
let tab: BrowserTab;
let client: Awaited<ReturnType<typeof loadClientModules>>;
const registration = buildRegistration();
/** Every engine.io connection the server accepted at transport level (refused handshakes included). */
const connections: { at: number; transport: string; origin: string | undefined }[] = [];

beforeAll(async () => {
  app.server.io.engine.on('connection', (conn: { transport: { name: string }; request: { headers: Record<string, string | undefined> } }) =>
    connections.push({ at: Date.now(), transport: conn.transport.name, origin: conn.request.headers.origin }),
  );
  tab = openBrowserTab(app.origin);
  client = await loadClientModules();
});
afterAll(async () => {
  if (client?.session.$session.get().isAuthenticated) await client.session.logout();
  await tab?.close();
});

const serverSockets = () => [...app.server.io.sockets.sockets.values()];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function oneServerSocket() {
  await vi.waitFor(() => expect(serverSockets()).toHaveLength(1), { timeout: 3000 });
  const [socket] = serverSockets();
  return socket!;
}

describe('the socket module in a browser tab', () => {
  it('does not connect while signed out, however often islands start it', async () => {
    await client.session.verify();
    client.socket.startRealtime();
    client.socket.startRealtime();
    await pause(500);
    expect(connections).toHaveLength(0);
    expect(client.socket.$socketConnected.get()).toBe(false);
  });

  it('signing in connects one websocket with the session cookie, our Origin and the current csrf token', async () => {
    await client.session.register(registration);
    const socket = await oneServerSocket();
    const { csrf_token, user } = tab.network.findLast((e) => e.path === '/api/auth/register')?.body as AuthResponse;
    expect(socket.data.userId).toBe(user.user_id);
    expect(socket.handshake.auth).toEqual({ token: csrf_token });
    expect(client.api.currentCsrfToken()).toBe(csrf_token);
    expect(socket.conn.transport.name).toBe('websocket');
    expect(connections).toEqual([{ at: expect.any(Number), transport: 'websocket', origin: app.origin }]);
    await vi.waitFor(() => expect(client.socket.$socketConnected.get()).toBe(true));
  });

  it('is one connection for the whole page: every subscription gets each event once, until it unsubscribes', async () => {
    const { startRealtime, onServerEvent, emitToServer } = client.socket;
    startRealtime();
    const bell: unknown[] = [];
    const toasts: unknown[] = [];
    const offBell = onServerEvent('notification', (n) => bell.push(n));
    onServerEvent('notification', (n) => toasts.push(n));
    const userId = client.session.$session.get().user!.id;
    const first = buildNotification({ id: 1 });
    const second = buildNotification({ id: 2 });

    app.server.bus.toUsers([userId], 'notification', first);
    await vi.waitFor(() => expect(toasts).toEqual([first]));
    expect(bell).toEqual([first]);
    offBell();
    app.server.bus.toUsers([userId], 'notification', second);
    await vi.waitFor(() => expect(toasts).toEqual([first, second]));
    expect(bell).toEqual([first]);

    const typing = new Promise((resolve) => serverSockets()[0]!.once('typing', resolve));
    const payload = { room_id: 7, username: registration.username, participants: [userId], isTyping: true };
    emitToServer('typing', payload);
    expect(await typing).toEqual(payload);
    expect(connections).toHaveLength(1);
    expect(serverSockets()).toHaveLength(1);
  });

  it('reconnects at once after the server disconnects it (socket.io alone would not retry)', async () => {
    const before = serverSockets()[0]!;
    before.disconnect(true);
    const after = await oneServerSocket();
    expect(after.id).not.toBe(before.id);
    expect(connections).toHaveLength(2);
    // Connected again by the module itself, not after socket.io's reconnection delay (which never started).
    expect(backoff.attempts).toBe(0);
    await vi.waitFor(() => expect(client.socket.$socketConnected.get()).toBe(true));
  });

  it("logout drops the socket and it stays down, even when the server's disconnect beats the logout response", async () => {
    const release = tab.holdResponse('/api/auth/logout');
    const loggingOut = client.session.logout();
    await vi.waitFor(() => expect(client.socket.$socketConnected.get()).toBe(false));
    await pause(500); // the immediate reconnect after a server disconnect would have happened by now
    release();
    await loggingOut;
    await pause(1000);
    expect(serverSockets()).toHaveLength(0);
    expect(connections).toHaveLength(2);
    expect(client.socket.$socketConnected.get()).toBe(false);
  });

  it("signing in again reconnects with the new session's token", async () => {
    const oldToken = (tab.network.findLast((e) => e.path === '/api/auth/register')?.body as AuthResponse).csrf_token;
    await client.session.login({ email: registration.email, password: registration.password });
    const socket = await oneServerSocket();
    const { csrf_token } = tab.network.findLast((e) => e.path === '/api/auth/login')?.body as AuthResponse;
    expect(csrf_token).not.toBe(oldToken);
    expect(socket.handshake.auth).toMatchObject({ token: csrf_token });
    // The signed-out session's socket state was not kept, so nothing of it comes back.
    expect(socket.recovered).toBe(false);
    expect(connections).toHaveLength(3);
  });

  it('a session ended from another browser signs this page out at once: the refused reconnect re-checks it', async () => {
    /** What the page had asked the API, and how often socket.io's backoff had started, when the store heard. */
    const ended: { calls: string[]; backoffAttempts: number }[] = [];
    const callsBefore = tab.network.length;
    const stop = client.session.onSessionEnded(() =>
      ended.push({
        calls: tab.network.slice(callsBefore).map((e) => `${e.method} ${e.path} ${e.status}`),
        backoffAttempts: backoff.attempts,
      }),
    );
    const userId = client.session.$session.get().user!.id;
    await app.server.services.auth.endSessions(userId);
    await vi.waitFor(() => expect(client.session.$session.get().isAuthenticated).toBe(false), { timeout: 10_000 });
    // Not after some other API call or socket.io's reconnection delay: the refused handshake itself told the store,
    // which asked the server once.
    expect(ended).toEqual([{ calls: ['GET /api/auth/verify 401'], backoffAttempts: 0 }]);
    expect(client.session.$session.get().error).toBe('Your session has ended. Please sign in again.');
    await pause(500);
    expect(serverSockets()).toHaveLength(0);
    stop();
  });
});
