/**
 * NOTE: who has a tab open, for the push fan-out (services/push/presence.ts). Asks every node through the adapter
 * (with Redis, each node answers for its own sockets; a node that does not answer in time fails the question, and
 * the fan-out job is retried).
 */
import type { Presence } from '../services/push/presence.ts';
import { userRoom, type RealtimeServer } from './attach.ts';

export const socketPresence = (io: RealtimeServer): Presence => ({
  async connected(userIds) {
    const sockets = await io.in(userIds.map(userRoom)).fetchSockets();
    return new Set(sockets.map((s) => s.data.userId));
  },
});
