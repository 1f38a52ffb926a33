/**
 * NOTE: the socket side of live updates (ADR 045). A socket's `watch` names what its page shows; the live service
 * says which of it the person may see, and the socket's watch rooms become exactly that. The live service's
 * batches are delivered here to this node's sockets only (`io.local`): every node hears the same announcements.
 * Rules: a malformed `watch` is ignored (socket errors are silent); a socket's watches are handled one at a time,
 * at most one every WATCH_GAP_MS (and a person's sockets together one every PERSON_GAP_MS), and only the latest
 * waiting one counts, so a flood costs a few queries a second;
 * every waiting acknowledgement then answers what that latest one allowed.
 */
import { LRUCache } from 'lru-cache';
import * as v from 'valibot';
import { watchSchema, type WatchRequest } from '../../shared/schemas/live.ts';
import type { Logger } from '../logger.ts';
import type { EventBus } from '../services/event-bus.ts';
import { channelRoom, communityRoom, FEED_ROOM, gameRoom, isWatchRoom, postRoom, profileRoom } from '../services/live/live-rooms.ts';
import type { LiveUpdates } from '../services/live/live-updates.service.ts';
import type { RealtimeServer, RealtimeSocket } from './attach.ts';

const WATCH_GAP_MS = 200;
/** Per person on this node, whatever the number of sockets (tabs, or a client opening hundreds): 10 checks a second. */
const PERSON_GAP_MS = 100;
const nextTurn = new LRUCache<number, number>({ max: 50_000, ttl: 60_000 });

/** When this person's next watch check may run (and reserves it). */
function turnOf(userId: number): number {
  const at = Math.max(Date.now(), nextTurn.get(userId) ?? 0);
  nextTurn.set(userId, at + PERSON_GAP_MS);
  return at;
}

export function deliverWatched(
  io: RealtimeServer,
  deps: { bus: EventBus; live: LiveUpdates; log: Logger; userRoom: (id: number) => string },
) {
  const rooms = io.of('/').adapter.rooms;
  deps.live.attach({ watched: (room) => (rooms.get(room)?.size ?? 0) > 0, log: deps.log });
  return deps.bus.on('deliver.local', ({ rooms: to, users, exceptUsers, event, payload }) => {
    const targets = [...to, ...users.map(deps.userRoom)];
    if (targets.length === 0) return;
    const op = io.local.to(targets).except(exceptUsers.map(deps.userRoom));
    (op as { emit(event: string, payload: unknown): void }).emit(event, payload);
  });
}

const roomsOf = (w: WatchRequest) =>
  new Set([
    ...(w.feed ? [FEED_ROOM] : []),
    ...w.posts.map(postRoom),
    ...w.people.map(profileRoom),
    ...w.games.map(gameRoom),
    ...w.communities.map(communityRoom),
    ...w.channels.map(channelRoom),
  ]);

export function handleWatch(socket: RealtimeSocket, live: LiveUpdates, log: Logger) {
  let waiting: WatchRequest | undefined;
  let acks: Array<(following: WatchRequest) => void> = [];
  let running = false;
  let last = 0;

  async function run() {
    running = true;
    while (waiting && socket.connected) {
      const pause = Math.max(last + WATCH_GAP_MS, turnOf(socket.data.userId)) - Date.now();
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      if (!socket.connected) break;
      const [request, answer] = [waiting, acks];
      [waiting, acks] = [undefined, []];
      last = Date.now();
      try {
        const following = await live.allowed(socket.data.userId, request!);
        if (!socket.connected) break;
        const next = roomsOf(following);
        for (const room of socket.rooms) if (isWatchRoom(room) && !next.has(room)) void socket.leave(room);
        if (next.size > 0) void socket.join([...next]);
        for (const ack of answer) ack(following);
      } catch (err) {
        // This one is lost; the next watch (every page sends one on change and reconnect) is tried as usual.
        log.warn({ err }, 'watch failed');
      }
    }
    running = false;
  }

  socket.on('watch', (raw: unknown, ack?: unknown) => {
    const parsed = v.safeParse(watchSchema, raw);
    if (!parsed.success) return;
    waiting = parsed.output;
    // A flood keeps a few acknowledgements, not one per message.
    if (typeof ack === 'function' && acks.length < 16) acks.push(ack as (following: WatchRequest) => void);
    if (!running) void run();
  });
}
