/**
 * NOTE: THE only socket.io client (spec §4 "Notifications and realtime", §7 "Realtime socket").
 * Rules for callers:
 * - Call `startRealtime()` from a signed-in page's island; from then on the socket connects whenever the
 *   session store is authenticated and disconnects as soon as a logout starts. Calling it again is harmless.
 * - Subscribe with `onServerEvent(name, handler)`; it returns the unsubscribe function. Emit with `emitToServer`.
 * - `$socketConnected` turns true on every (re)connect; at that moment `lastConnectRecovered()` says whether
 *   socket.io's connection state recovery replayed what was missed (false on a first connect or after a server
 *   restart: callers that must not miss anything then catch up from the API, ADR 018).
 * - The socket lives at module level, so it (and every subscription) survives ClientRouter navigations.
 * - Safe to import during SSR: nothing touches `window` until a browser calls in.
 */
import { atom, computed } from 'nanostores';
import { io, type Socket } from 'socket.io-client';
import { currentCsrfToken } from '../client/api.ts';
import { SOCKET_RECONNECTION_ATTEMPTS, SOCKET_RECONNECTION_DELAY_MS } from '../shared/constants.ts';
import type { ClientToServerEvents, ServerEventName, ServerToClientEvents } from '../shared/realtime-events.ts';
import { $session, $signingOut } from './session.ts';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const inBrowser = typeof window !== 'undefined';
let socket: AppSocket | null = null;
let started = false;
let recovered = false;

export const $socketConnected = atom(false);

const $wantsSocket = computed([$session, $signingOut], (s, signingOut) => s.isAuthenticated && !signingOut);

function theSocket(): AppSocket | null {
  if (!inBrowser) return null;
  if (socket) return socket;
  // Same origin as the page and the API. The token is read on every (re)connect, so it is always current.
  const created: AppSocket = io({
    transports: ['websocket'],
    withCredentials: true,
    autoConnect: false,
    reconnection: true,
    reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
    auth: (send) => send({ token: currentCsrfToken() }),
  });
  created.on('connect', () => {
    recovered = created.recovered;
    $socketConnected.set(true);
  });
  created.on('disconnect', (reason) => {
    $socketConnected.set(false);
    // socket.io does not retry after a server-side disconnect; spec §4 wants an immediate reconnect.
    if (reason === 'io server disconnect' && $wantsSocket.get()) created.connect();
  });
  socket = created;
  return created;
}

/** Whether the latest connect was a recovered session (missed events replayed); see the NOTE. */
export function lastConnectRecovered(): boolean {
  return recovered;
}

export function startRealtime(): void {
  if (!inBrowser || started) return;
  started = true;
  $wantsSocket.subscribe((wanted) => {
    const s = theSocket();
    if (wanted) s?.connect();
    else s?.disconnect();
  });
}

export function onServerEvent<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void {
  const s = theSocket();
  if (!s) return () => {};
  // socket.io's typed `on` cannot relate a generic event name to its handler; the signature above does.
  const on = s.on.bind(s) as (e: E, h: ServerToClientEvents[E]) => void;
  const off = s.off.bind(s) as (e: E, h: ServerToClientEvents[E]) => void;
  on(event, handler);
  return () => off(event, handler);
}

export function emitToServer<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): void {
  theSocket()?.emit(event, ...args);
}
