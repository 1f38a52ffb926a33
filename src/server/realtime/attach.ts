/**
 * NOTE: the only module that talks to sockets. Handshakes need a live session cookie, the matching CSRF
 * token as `auth.token`, and (from browsers) our own Origin. Each socket joins `user:<id>`, `session:<hash>`
 * and `members:<community id>` for each community its person is in (channels, members-rooms.ts); bus events are delivered to those rooms, so a Redis adapter makes them reach every node.
 * Connection state recovery replays what a socket missed during a short outage (ADR 018); clients catch up
 * from the API when it could not (`socket.recovered` false).
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime-events.ts';
import type { IdentityResolver } from '../auth/identity.ts';
import type { Logger } from '../logger.ts';
import type { EventBus } from '../services/event-bus.ts';
import { originAllowed } from './origin.ts';
import type { LiveUpdates } from '../services/live/live-updates.service.ts';
import { createTypingRelay, type BlockVersion, type TypingAudience } from './typing-relay.ts';
import { deliverWatched, handleWatch } from './watch.ts';
import { deliverToMembers, guardRecovery, joinMembersRooms } from './members-rooms.ts';
import { channelRoom } from '../services/live/live-rooms.ts';

export type SocketData = { userId: number; tokenHash: string; expiresAt: number };
// setTimeout's ceiling (~24.8 days); a later expiry is re-checked then.
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How long a dropped socket's missed events are kept for it to recover on reconnect. */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;

export function attachRealtime(deps: {
  httpServer: HttpServer;
  identity: IdentityResolver;
  bus: EventBus;
  publicUrl: URL | undefined;
  log: Logger;
  typingAudience: TypingAudience;
  /** When blocks last changed (services.blockChanges.version): cached typing audiences follow it. */
  blockVersion: BlockVersion;
  /** The communities someone is a member of: their sockets hear its channels (ADR 049). */
  communitiesOf: (userId: number) => Promise<number[]>;
  /** What pages follow live (ADR 045): `watch` events and the batches this node sends. */
  live: LiveUpdates;
  /** Carries emits to the other nodes (realtime/redis-adapter.ts); the in-memory default without it. */
  adapter?: ServerOptions['adapter'];
  /** False while the node shuts down: a new socket would be dropped moments later, so it goes elsewhere now. */
  accepting?: () => boolean;
}): RealtimeServer {
  const { identity, bus, log } = deps;
  const io: RealtimeServer = new Server(deps.httpServer, {
    transports: ['websocket'],
    serveClient: false,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
    maxHttpBufferSize: 64 * 1024,
    // Middlewares still run on recovery: a revoked session must not come back through it.
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    allowRequest: (req, callback) => {
      if (deps.accepting?.() === false) return callback('Shutting down', false);
      const allowed = originAllowed(req, deps.publicUrl);
      callback(allowed ? null : 'Origin not allowed', allowed);
    },
  });

  io.use(async (socket, next) => {
    try {
      const who = await identity.resolve(socket.request.headers.cookie);
      const token = (socket.handshake.auth as { token?: unknown }).token;
      if (!who.session) return next(new Error('Not signed in'));
      if (typeof token !== 'string' || !identity.csrfMatches(who, token)) return next(new Error('Invalid token'));
      // A recovered socket comes back with its old session's rooms: if the tab now holds another session (signed
      // out and in again), none of them may stay, or it would hear the old account's events.
      if (socket.recovered && (socket.data as SocketData | undefined)?.tokenHash !== who.session.tokenHash) {
        for (const room of [...socket.rooms]) socket.leave(room);
      }
      socket.data = { userId: who.session.userId, tokenHash: who.session.tokenHash, expiresAt: who.session.expiresAt.getTime() };
      next();
    } catch (err) {
      log.error({ err }, 'socket handshake failed');
      next(new Error('Handshake failed'));
    }
  });

  io.on('connection', async (socket) => {
    const relayTyping = createTypingRelay(deps.typingAudience, socket.data.userId, deps.blockVersion);
    socket.on('typing', (payload) => {
      relayTyping(payload).then(
        (out) => {
          // In a channel: to the screens open on it (members only: a watch allowed them), not the typist's own.
          if (out?.community != null)
            io.to(channelRoom(out.payload.room_id)).except(userRoom(socket.data.userId)).emit('typing', out.payload);
          else if (out && out.userIds.length > 0) io.to(out.userIds.map(userRoom)).emit('typing', out.payload);
        },
        (err: unknown) => log.warn({ err }, 'typing relay failed'),
      );
    });
    handleWatch(socket, deps.live, log);
    await socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.tokenHash)]);
    await joinMembersRooms(socket, deps.communitiesOf, log);
    // A socket lives no longer than its session: at expiry it is dropped, and the client's reconnect handshake
    // decides again (a session kept alive by use has a later expiry by then).
    const expiry = setTimeout(() => socket.disconnect(true), Math.min(socket.data.expiresAt - Date.now(), MAX_TIMER_MS));
    socket.once('disconnect', () => clearTimeout(expiry));
    // A logout between the handshake and joining the rooms above would have missed this socket.
    const still = await identity.resolve(socket.request.headers.cookie).catch(() => null);
    if (still?.session?.tokenHash !== socket.data.tokenHash) socket.disconnect(true);
  });

  bus.on('deliver.users', ({ userIds, event, payload }) => {
    if (userIds.length === 0) return;
    (io.to(userIds.map(userRoom)) as { emit(event: string, payload: unknown): void }).emit(event, payload);
  });
  deliverWatched(io, { bus, live: deps.live, log, userRoom });
  deliverToMembers(io, bus);
  guardRecovery(io, deps.communitiesOf, log);
  // Not `disconnectSockets(true)`: closing the transport would keep the socket's state for recovery.
  bus.on('session.revoked', ({ tokenHash }) => io.in(sessionRoom(tokenHash)).disconnectSockets());
  return io;
}
