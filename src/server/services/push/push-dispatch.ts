/**
 * NOTE: what starts a push (ADR 053). It listens on the bus like the realtime layer does: every notification a
 * service pushes live and every chat message it delivers is gathered here, on the node where it happened, and handed
 * to the job queue as one fan-out job per FLUSH_MS. So the request path pays nothing (not even a job insert per
 * message: a send to a 1,000-member channel costs what it did), and a burst in one room becomes one job about its
 * newest message. The price: a node killed within FLUSH_MS of a commit loses those pushes (the bell keeps them).
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

const FLUSH_MS = 250;

export function createPushDispatch(deps: { bus: EventBus; queue: JobQueue; log: Logger }) {
  const { bus, queue, log } = deps;
  let notifications: number[] = [];
  let newest = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (notifications.length === 0 && newest.size === 0) return;
    const job: FanoutJob = { notifications, messages: [...newest.values()] };
    notifications = [];
    newest = new Map();
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
    async stop(): Promise<void> {
      offUsers();
      offMembers();
      await flush();
    },
  };
}
