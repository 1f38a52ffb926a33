/**
 * NOTE: real socket.io-client connections in Node (websocket transport only, like the app's client).
 * Node sends no Origin unless told: pass `origin` to act as a browser on some site. Every socket opened
 * here is closed by `closeAllSockets()` (call it in afterEach).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { io, type Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '../../../src/shared/realtime-events.ts';
import type { ApiClient } from './http-client.ts';

export type TestSocket = Socket<ServerToClientEvents>;
type Handshake = { cookie?: string; token?: string; origin?: string };

const opened = new Set<TestSocket>();

function open(url: string, handshake: Handshake): TestSocket {
  const extraHeaders: Record<string, string> = {};
  if (handshake.cookie) extraHeaders.cookie = handshake.cookie;
  if (handshake.origin) extraHeaders.origin = handshake.origin;
  const socket: TestSocket = io(url, {
    transports: ['websocket'],
    auth: handshake.token === undefined ? {} : { token: handshake.token },
    extraHeaders,
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  opened.add(socket);
  return socket;
}

/** Resolves with the connected socket, or rejects with the server's refusal message. */
export function connect(url: string, handshake: Handshake): Promise<TestSocket> {
  const socket = open(url, handshake);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Connects as the browser of this client would: its cookies, its csrf token, our own Origin. */
export const connectAs = (client: ApiClient) => connectAt(client.origin, client);

/** The same browser session connected to another node of the site (`origin`): a session works on every node. */
export const connectAt = (origin: string, client: ApiClient) =>
  connect(origin, { cookie: client.cookieHeader(), token: client.csrfToken ?? '', origin });

/** The refusal message of a handshake expected to fail (fails the test if it connects). */
export async function refusal(url: string, handshake: Handshake): Promise<string> {
  try {
    const socket = await connect(url, handshake);
    socket.close();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the handshake was accepted');
}

/** Resolves with the next payload of `event`, or with 'timeout' after `ms` (to prove something did not arrive). */
export function nextEvent<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E, ms = 1000): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off(event, handler as never);
      resolve('timeout');
    }, ms);
    const handler = (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, handler as never);
  });
}

export function nextDisconnect(socket: TestSocket, ms = 1000): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

export function closeAllSockets() {
  for (const socket of opened) socket.close();
  opened.clear();
}

/** The HTTP status of a raw websocket upgrade to socket.io: 101 when accepted. */
export function upgradeStatus(url: string, handshake: Handshake): Promise<number> {
  const headers: Record<string, string> = {
    connection: 'Upgrade',
    upgrade: 'websocket',
    'sec-websocket-version': '13',
    'sec-websocket-key': randomBytes(16).toString('base64'),
  };
  if (handshake.cookie) headers.cookie = handshake.cookie;
  if (handshake.origin) headers.origin = handshake.origin;
  return new Promise((resolve, reject) => {
    const req = http.get(new URL('/socket.io/?EIO=4&transport=websocket', url), { headers });
    req.once('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.once('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
  });
}

/** Emits anything, as a hostile or buggy client could (the typed socket only allows the contract's shapes). */
export function emitRaw(socket: TestSocket, event: string, payload: unknown): void {
  (socket as unknown as { emit(event: string, payload: unknown): void }).emit(event, payload);
}
