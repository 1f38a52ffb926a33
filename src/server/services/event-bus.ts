/**
 * NOTE: services announce what happened here; only src/server/realtime listens and talks to sockets.
 * One bus per server instance. Handlers run synchronously; keep them cheap.
 */
import { EventEmitter } from 'node:events';
import type { ServerEventName, ServerEventPayload } from '../../shared/realtime-events.ts';

export type BusEvents = {
  /** Deliver a socket event to every connection of these users. */
  'deliver.users': { userIds: number[]; event: ServerEventName; payload: unknown };
  /**
   * Deliver to this node's sockets only (every node hears the same database announcement and sends its own, ADR
   * 045): those in any of `rooms` (live/live-rooms.ts) or of `users`, leaving out every socket of `exceptUsers`.
   */
  'deliver.local': { rooms: string[]; users: number[]; exceptUsers: number[]; event: ServerEventName; payload: unknown };
  /** Deliver to every connection of a community's members (its channels' readers, ADR 049) but `exceptUsers`'. */
  'deliver.members': { communityId: number; exceptUsers: number[]; event: ServerEventName; payload: unknown };
  /**
   * These people joined or left a community: their connections start or stop hearing its channels (and the leavers
   * stop watching `channels`, its channels' open screens).
   */
  'members.changed': { communityId: number; joined: number[]; left: number[]; channels: number[] };
  /** A community was deleted: nobody hears its channels any more. */
  'members.disbanded': { communityId: number; channels: number[] };
  /** A session ended: its sockets must go. */
  'session.revoked': { tokenHash: string };
};

export type EventBus = {
  emit<K extends keyof BusEvents>(name: K, payload: BusEvents[K]): void;
  on<K extends keyof BusEvents>(name: K, handler: (payload: BusEvents[K]) => void): () => void;
  toUsers<E extends ServerEventName>(userIds: number[], event: E, payload: ServerEventPayload<E>): void;
  toMembers<E extends ServerEventName>(communityId: number, event: E, payload: ServerEventPayload<E>, exceptUsers?: number[]): void;
};

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(50);
  const bus: EventBus = {
    emit: (name, payload) => void emitter.emit(name, payload),
    on(name, handler) {
      emitter.on(name, handler);
      return () => void emitter.off(name, handler);
    },
    toUsers: (userIds, event, payload) => bus.emit('deliver.users', { userIds, event, payload }),
    toMembers: (communityId, event, payload, exceptUsers = []) => bus.emit('deliver.members', { communityId, exceptUsers, event, payload }),
  };
  return bus;
}
