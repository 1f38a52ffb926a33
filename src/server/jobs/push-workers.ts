/**
 * NOTE: this node's share of web push (ADR 053). Fan-outs are short database work; deliveries wait on push services
 * across the internet, so more run at once. Both retry with backoff; a delivery is not worth much after an hour.
 */
import { PUSH_FANOUT_QUEUE, type FanoutJob } from '../services/push/push-dispatch.ts';
import { PUSH_DELIVER_QUEUE, type DeliverJob } from '../services/push/push-delivery.service.ts';
import type { Push } from '../services/push/push.service.ts';
import type { JobQueue } from './job-queue.ts';

const FANOUTS_AT_ONCE = 2;
const DELIVERIES_AT_ONCE = 8;
/** New jobs wake the workers (notify); polls only catch delayed ones (a 429's resend) and missed wake-ups. */
const POLL_SECONDS = 10;

export async function startPushWorkers(queue: JobQueue, push: Push): Promise<void> {
  // notify: a job wakes an idle worker at once (LISTEN/NOTIFY) instead of at its next poll; a push is worth seconds.
  const retries = {
    notify: true,
    retryLimit: 4,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    retentionSeconds: 3600,
    deleteAfterSeconds: 3600,
  };
  await queue.define(PUSH_FANOUT_QUEUE, { ...retries, expireInSeconds: 60 });
  await queue.define(PUSH_DELIVER_QUEUE, { ...retries, expireInSeconds: 30 });
  await queue.work<FanoutJob>(PUSH_FANOUT_QUEUE, FANOUTS_AT_ONCE, (job) => push.fanout.fanout(job), POLL_SECONDS);
  await queue.work<DeliverJob>(PUSH_DELIVER_QUEUE, DELIVERIES_AT_ONCE, (job) => push.delivery.deliver(job), POLL_SECONDS);
}
