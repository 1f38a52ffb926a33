/**
 * NOTE: the fan-out job (ADR 053): turns what push-dispatch gathered into one delivery job per subscription. Who
 * gets what is read now (push.queries.ts: deletions, blocks, suspensions and mutes since then count), then everyone
 * with a tab open on any node is left out (the page already shows it live), then each delivery is queued. Safe to
 * repeat: a retry may deliver some pushes twice, which the service worker's tags fold into one notification.
 */
import type { NotificationType } from '../../../shared/api-types.ts';
import { PUSH_PREFERENCE_DEFAULTS } from '../../../shared/push-values.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { FanoutJob } from './push-dispatch.ts';
import { chatSources, chatTargets, notificationTargets } from './push.queries.ts';
import { chatPush, notificationPush, preferenceOf, PUSH_TTL_SECONDS } from './push-payloads.ts';
import { PUSH_DELIVER_QUEUE, type DeliverJob } from './push-delivery.service.ts';
import type { PresencePort } from './presence.ts';

type Delivery = { userId: number; job: DeliverJob };

export function createPushFanout(deps: { db: Db; queue: JobQueue; presence: PresencePort }) {
  const { db, queue, presence } = deps;

  async function ofNotifications(ids: number[]): Promise<Delivery[]> {
    if (ids.length === 0) return [];
    const rows = await notificationTargets(db, ids);
    return rows.flatMap((r) => {
      const preference = preferenceOf(r.type);
      // No row: the defaults (likes off).
      if (!preference || !(r[`pref_${preference}`] ?? PUSH_PREFERENCE_DEFAULTS[preference])) return [];
      const reminder = r.type === ('lfg_reminder' satisfies NotificationType);
      const job: DeliverJob = {
        subscription: r.subscription_id,
        userId: r.user_id,
        message: notificationPush({ id: r.id, type: r.type, data: r.data }),
        ttl: reminder ? PUSH_TTL_SECONDS.reminder : PUSH_TTL_SECONDS.notification,
        ...(reminder ? { urgency: 'high' as const } : {}),
      };
      return [{ userId: r.user_id, job }];
    });
  }

  async function ofMessages(ids: number[]): Promise<Delivery[]> {
    const all = await Promise.all(
      (await chatSources(db, ids)).map(async (m) => {
        const message = chatPush({
          roomId: m.room_id,
          roomName: m.is_group ? m.room_name : null,
          communityName: m.community_name,
          senderName: m.sender_name,
          messageType: m.message_type,
          content: m.content,
        });
        // The topic lets a push service replace an undelivered push about the same chat with the newer one.
        const job = { message, ttl: PUSH_TTL_SECONDS.chat, topic: `chat-${m.room_id}`, urgency: 'high' as const };
        return (await chatTargets(db, m)).map((t) => ({
          userId: t.userId,
          job: { ...job, subscription: t.subscriptionId, userId: t.userId },
        }));
      }),
    );
    return all.flat();
  }

  return {
    async fanout(job: { data: FanoutJob }): Promise<void> {
      const deliveries = [...(await ofNotifications(job.data.notifications)), ...(await ofMessages(job.data.messages))];
      if (deliveries.length === 0) return;
      const online = await presence.connected([...new Set(deliveries.map((d) => d.userId))]);
      const jobs = deliveries.filter((d) => !online.has(d.userId)).map((d) => ({ data: d.job }));
      await queue.insert(PUSH_DELIVER_QUEUE, jobs);
    },
  };
}

export type PushFanout = ReturnType<typeof createPushFanout>;
