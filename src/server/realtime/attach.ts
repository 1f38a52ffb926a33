/**
 * NOTE: the only module that talks to sockets. Handshakes need a live session cookie, the matching CSRF
 * token as `auth.token`, and (from browsers) our own Origin. Each socket joins `user:<id>` and
 * `session:<hash>`; bus events are delivered to those rooms, so a Redis adapter makes them reach every node.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime-events.ts';
import type { IdentityResolver } from '../auth/identity.ts';
import type { Logger } from '../logger.ts';
import type { EventBus } from '../services/event-bus.ts';
import { originAllowed } from './origin.ts';

type SocketData = { userId: number; tokenHash: string };
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;

export function attachRealtime(deps: {
  httpServer: HttpServer;
  identity: IdentityResolver;
  bus: EventBus;
  publicUrl: URL | undefined;
  log: Logger;
}): RealtimeServer {
  const { identity, bus, log } = deps;
  const io: RealtimeServer = new Server(deps.httpServer, {
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    allowRequest: (req, callback) =>
      callback(originAllowed(req, deps.publicUrl) ? null : 'Origin not allowed', originAllowed(req, deps.publicUrl)),
  });

  io.use(async (socket, next) => {
    try {
      const who = await identity.resolve(socket.request.headers.cookie);
      const token = (socket.handshake.auth as { token?: unknown }).token;
      if (!who.session) return next(new Error('Not signed in'));
      if (typeof token !== 'string' || !identity.csrfMatches(who, token)) return next(new Error('Invalid token'));
      socket.data = { userId: who.session.userId, tokenHash: who.session.tokenHash };
      next();
    } catch (err) {
      log.error({ err }, 'socket handshake failed');
      next(new Error('Handshake failed'));
    }
  });

  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.tokenHash)]);
  });

  bus.on('deliver.users', ({ userIds, event, payload }) => {
    if (userIds.length === 0) return;
    (io.to(userIds.map(userRoom)) as { emit(event: string, payload: unknown): void }).emit(event, payload);
  });
  bus.on('session.revoked', ({ tokenHash }) => io.in(sessionRoom(tokenHash)).disconnectSockets(true));
  return io;
}
