/**
 * NOTE: THE only socket.io client (spec §4 "Notifications and realtime", §7 "Realtime socket").
 * Rules for callers:
 * - Call `startRealtime()` from a signed-in page's island; from then on the socket connects whenever the
 *   session store is authenticated and disconnects as soon as a logout starts. Calling it again is harmless.
 * - Subscribe with `onServerEvent(name, handler)`; it returns the unsubscribe function. Emit with `emitToServer`.
 * - `$socketConnected` turns true on every (re)connect; at that moment `lastConnectRecovered()` says whether
 *   socket.io's connection state recovery replayed what was missed (false on a first connect or after a server
 *   restart: callers that must not miss anything then catch up from the API, ADR 018).
 * - A refused handshake makes the session store ask the server whether the session still lives (session.ts
 *   `recheckSession`): one ended elsewhere (a password change, a suspension) sends the page to /login.
 * - The socket lives at module level, so it (and every subscription) survives ClientRouter navigations.
 * - socket.io-client is imported only when a signed-in page starts the socket, so it is not in any page's initial
 *   JS. Subscriptions made before it arrives are attached when it does; an `emitToServer` before that is dropped
 *   (there is no connection to send it on yet, and the only emit, `typing`, is momentary anyway).
 * - Safe to import during SSR: nothing touches `window` until a browser calls in.
 */
import { atom, computed } from 'nanostores';
import type { Socket } from 'socket.io-client';
import { currentCsrfToken } from '../client/api.ts';
import { SOCKET_RECONNECTION_ATTEMPTS, SOCKET_RECONNECTION_DELAY_MS } from '../shared/constants.ts';
import type { ClientToServerEvents, ServerEventName, ServerToClientEvents } from '../shared/realtime-events.ts';
import { $session, $signingOut, recheckSession } from './accounts/session.ts';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const inBrowser = typeof window !== 'undefined';
let socket: AppSocket | null = null;
let loading: Promise<AppSocket> | null = null;
let started = false;
let recovered = false;
/** A handler with its event's payload type erased (socket.io's typed `on`/`off` cannot take a generic event). */
type AnyHandler = (...args: never[]) => void;
/** Every live subscription, one entry per `onServerEvent` call, so a socket that arrives later gets them all. */
const subscriptions = new Set<{ event: ServerEventName; handler: AnyHandler }>();

export const $socketConnected = atom(false);

const $wantsSocket = computed([$session, $signingOut], (s, signingOut) => s.isAuthenticated && !signingOut);

function loadSocket(): Promise<AppSocket> {
  if (loading) return loading;
  loading = import('socket.io-client').then(({ io }) => {
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
    // A refused handshake is not retried by socket.io. When the session is gone (ended from another browser,
    // a password change), the session store learns it from the server and the page moves to sign-in.
    created.on('connect_error', () => void recheckSession());
    for (const { event, handler } of subscriptions) listen(created, event, handler);
    socket = created;
    return created;
  });
  // A failed chunk load (a flaky network, a deploy in between) is tried again on the next sign-in change.
  loading.catch(() => (loading = null));
  return loading;
}

type Listen = (event: ServerEventName, handler: AnyHandler) => void;
const listen = (s: AppSocket, event: ServerEventName, handler: AnyHandler) => (s.on.bind(s) as Listen)(event, handler);
const unlisten = (s: AppSocket, event: ServerEventName, handler: AnyHandler) => (s.off.bind(s) as Listen)(event, handler);

/** Whether the latest connect was a recovered session (missed events replayed); see the NOTE. */
export function lastConnectRecovered(): boolean {
  return recovered;
}

export function startRealtime(): void {
  if (!inBrowser || started) return;
  started = true;
  $wantsSocket.subscribe((wanted) => {
    if (!wanted) socket?.disconnect();
    // Still wanted once the client has arrived: a logout during the import must not connect.
    else
      loadSocket().then(
        (s) => $wantsSocket.get() && s.connect(),
        (err: unknown) => console.error('Realtime unavailable', err),
      );
  });
}

export function onServerEvent<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void {
  if (!inBrowser) return () => {};
  const subscription = { event, handler: handler as AnyHandler };
  subscriptions.add(subscription);
  if (socket) listen(socket, event, subscription.handler);
  return () => {
    subscriptions.delete(subscription);
    if (socket) unlisten(socket, event, subscription.handler);
  };
}

export function emitToServer<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): void {
  socket?.emit(event, ...args);
}
