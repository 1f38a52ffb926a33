/**
 * NOTE: posting one push to one subscription (ADR 053), a job of its own so a slow or failing push service holds up
 * nobody else. Rules:
 * - The endpoint passes the endpoint policy again (the list may have changed since it subscribed), and the policy's
 *   agent connects only to the addresses it allows.
 * - 404 or 410: the subscription is gone for good, so the row goes. 429: sent again after the push service's
 *   Retry-After (at most RETRY_AFTER_MAX), a few times. 5xx or no answer: the job fails and the queue retries it
 *   with backoff. Any other refusal counts against the subscription; FAILURES_MAX in a row and it goes.
 * - The payload is encrypted (aes128gcm) and signed with the VAPID keys by `web-push`; it is never logged.
 */
import { eq, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../logger.ts';
import type { EndpointPolicy } from './endpoint-policy.ts';
import { PUSH_ICON, PUSH_TTL_SECONDS, type PushMessage } from './push-payloads.ts';
import type { VapidKeys } from './vapid-keys.ts';

export const PUSH_DELIVER_QUEUE = 'push-deliver';
/** `userId`: whose push it is; a subscription that has since moved to someone else (a shared browser) gets nothing. */
export type DeliverJob = {
  subscription: number;
  userId: number;
  message: PushMessage;
  ttl: number;
  topic?: string;
  urgency?: 'normal' | 'high';
  resent?: number;
};

const FAILURES_MAX = 5;
const RESENDS_MAX = 3;
const RETRY_AFTER_MAX = 3600;
const TIMEOUT_MS = 10_000;

function retryAfterSeconds(headers: Record<string, string | undefined>): number {
  const raw = headers['retry-after'];
  const seconds = raw === undefined ? NaN : /^\d+$/.test(raw) ? Number(raw) : (Date.parse(raw) - Date.now()) / 1000;
  return Math.min(RETRY_AFTER_MAX, Math.max(1, Number.isFinite(seconds) ? Math.ceil(seconds) : 60));
}

export function createPushDelivery(deps: {
  db: Db;
  queue: JobQueue;
  policy: EndpointPolicy;
  keys: VapidKeys;
  subject: string;
  log: Logger;
}) {
  const { db, queue, policy, log } = deps;
  const vapidDetails = { subject: deps.subject, publicKey: deps.keys.publicKey, privateKey: deps.keys.privateKey };
  const drop = (id: number) => db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));

  return {
    async deliver(job: { data: DeliverJob }): Promise<void> {
      const { subscription: id, message, ttl, topic, urgency = 'normal' } = job.data;
      const [sub] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      if (!sub || sub.userId !== job.data.userId) return;
      const refusal = policy.refusal(sub.endpoint);
      if (refusal) {
        log.info({ subscription: id, refusal }, 'push subscription dropped: endpoint no longer accepted');
        return void (await drop(id));
      }
      try {
        await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(message), {
          vapidDetails,
          TTL: ttl,
          urgency,
          ...(topic ? { topic } : {}),
          contentEncoding: 'aes128gcm',
          agent: policy.agent,
          timeout: TIMEOUT_MS,
        });
        if (sub.failures > 0) await db.update(pushSubscriptions).set({ failures: 0 }).where(eq(pushSubscriptions.id, id));
      } catch (err) {
        // The endpoint's name now points at a private address (endpoint-policy.ts): it will not get better.
        if ((err as { code?: unknown }).code === 'EPRIVATE') {
          log.warn({ subscription: id }, 'push subscription dropped: its endpoint resolves to no public address');
          return void (await drop(id));
        }
        if (!(err instanceof WebPushError) || err.statusCode >= 500) throw err; // the queue retries with backoff
        if (err.statusCode === 404 || err.statusCode === 410) return void (await drop(id));
        if (err.statusCode === 429) {
          const resent = (job.data.resent ?? 0) + 1;
          if (resent > RESENDS_MAX) return log.warn({ subscription: id }, 'push given up: rate limited by the push service');
          await queue.send(PUSH_DELIVER_QUEUE, { ...job.data, resent }, { startAfter: retryAfterSeconds(err.headers) });
          return;
        }
        log.warn({ subscription: id, status: err.statusCode, body: err.body.slice(0, 200) }, 'push refused by the push service');
        await db
          .update(pushSubscriptions)
          .set({ failures: sql`${pushSubscriptions.failures} + 1` })
          .where(eq(pushSubscriptions.id, id));
        await db.delete(pushSubscriptions).where(sql`${pushSubscriptions.id} = ${id} and ${pushSubscriptions.failures} >= ${FAILURES_MAX}`);
      }
    },

    /** The account screen's 'Send a test': to this device only, through the queue like every other push. */
    async test(subscription: { id: number; userId: number }): Promise<void> {
      const message: PushMessage = {
        title: 'Savepoint',
        body: 'Notifications are on for this device.',
        url: '/account#notifications',
        tag: 'test',
        icon: PUSH_ICON,
      };
      const job: DeliverJob = { subscription: subscription.id, userId: subscription.userId, message, ttl: PUSH_TTL_SECONDS.test };
      await queue.send<DeliverJob>(PUSH_DELIVER_QUEUE, job);
    },
  };
}

export type PushDelivery = ReturnType<typeof createPushDelivery>;
