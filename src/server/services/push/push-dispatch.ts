/**
 * NOTE: what starts a push (ADR 053). It listens on the bus like the realtime layer does: every notification a
 * service pushes live and every chat message it delivers is gathered here, on the node where it happened, and handed
 * to the job queue as one fan-out job per FLUSH_MS (a second: a push is worth seconds, and a job costs queries). So the request path pays nothing (not even a job insert per
 * message: a send to a 1,000-member channel costs what it did), and a burst in one room becomes one push about its
 * newest message. A room pushed less than ROOM_QUIET_MS ago waits until then (its newest message then): a busy
 * channel updates its notification every few seconds, not with every line. The price: a node killed within those
 * moments of a commit loses those pushes (the bell and the chat keep them).
 * `stop()` hands over what is gathered; call it before the job queue stops.
 */
import type { ChatMessage } from '../../../shared/chat-types.ts';
import type { NotificationItem } from '../../../shared/api-types.ts';
import type { Logger } from '../../logger.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { EventBus } from '../event-bus.ts';

export const PUSH_FANOUT_QUEUE = 'push-fanout';
/** Notifications by id; chat messages by id, the newest per room gathered. */
export type FanoutJob = { notifications: number[]; messages: number[] };

const FLUSH_MS = 1_000;
export const ROOM_QUIET_MS = 5_000;

export function createPushDispatch(deps: { bus: EventBus; queue: JobQueue; log: Logger }) {
  const { bus, queue, log } = deps;
  let notifications: number[] = [];
  /** Each room's newest message not yet handed on, and when each room was last handed on. */
  const newest = new Map<number, number>();
  const pushedAt = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;

  /** Hands on what is due; `all` (stopping) also what waits for its room's quiet time. */
  async function flush(all = false): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const now = Date.now();
    const messages: number[] = [];
    for (const [room, id] of newest) {
      if (!all && now - (pushedAt.get(room) ?? 0) < ROOM_QUIET_MS) continue;
      messages.push(id);
      newest.delete(room);
      pushedAt.set(room, now);
    }
    for (const [room, at] of pushedAt) if (now - at >= ROOM_QUIET_MS) pushedAt.delete(room);
    if (newest.size > 0) soon();
    if (notifications.length === 0 && messages.length === 0) return;
    const job: FanoutJob = { notifications, messages };
    notifications = [];
    await queue.send(PUSH_FANOUT_QUEUE, job).catch((err: unknown) => log.warn({ err }, 'push fan-out not queued'));
  }
  const soon = () => void (timer ??= setTimeout(() => void flush(), FLUSH_MS));

  const heardMessage = (m: ChatMessage) => {
    newest.set(m.room_id, Math.max(m.id, newest.get(m.room_id) ?? 0));
    soon();
  };
  const offUsers = bus.on('deliver.users', ({ event, payload }) => {
    if (event === 'notification') {
      notifications.push((payload as NotificationItem).id);
      soon();
    } else if (event === 'chat_message') heardMessage(payload as ChatMessage);
  });
  const offMembers = bus.on('deliver.members', ({ event, payload }) => {
    if (event === 'chat_message') heardMessage(payload as ChatMessage);
  });

  return {
    flush,
    /** Pushes gathered here and not yet handed on (a room's newest message waiting for its quiet time included). */
    pending: () => notifications.length + newest.size,
    async stop(): Promise<void> {
      offUsers();
      offMembers();
      await flush(true);
    },
  };
}
