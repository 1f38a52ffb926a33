/**
 * NOTE: the two timed jobs of a post (ADR 052), on the durable queue: the reminder LFG_REMINDER_MINUTES before the
 * start (only when the post was made earlier than that) and the end at start + duration. Both are queued in the
 * transaction that makes the post, so they survive restarts; each handler is one conditional UPDATE, so a job run
 * twice (a retry, two nodes) acts once: the reminder sets `reminded_at` only while null, the end turns only an
 * open post into 'ended'. Handlers trust the queue for the time (a test may drive it with pg-boss's TestClock).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LFG_REMINDER_MINUTES } from '../../../shared/lfg-values.ts';
import type { Db } from '../../db/client.ts';
import { lfgPosts } from '../../db/schema/index.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { EventBus } from '../event-bus.ts';
import type { createNotificationsService } from '../notifications/notifications.service.ts';
import { peopleOf } from './lfg.queries.ts';

export const LFG_REMINDER_QUEUE = 'lfg-reminder';
export const LFG_END_QUEUE = 'lfg-end';
export type LfgJob = { postId: number };

type Notifications = ReturnType<typeof createNotificationsService>;

export function createLfgSchedule(deps: { db: Db; bus: EventBus; queue: JobQueue; notifications: Notifications }) {
  const { db, bus, queue, notifications } = deps;

  return {
    async define(): Promise<void> {
      const common = { deleteAfterSeconds: 7 * 86_400, retryLimit: 5, retryDelay: 30, retryBackoff: true };
      await queue.define(LFG_REMINDER_QUEUE, common);
      await queue.define(LFG_END_QUEUE, common);
    },

    /** Queues the post's jobs inside the transaction that makes it. */
    async plan(tx: Tx, post: { id: number; startsAt: Date; endsAt: Date }, now: number): Promise<void> {
      const remindAt = new Date(post.startsAt.getTime() - LFG_REMINDER_MINUTES * 60_000);
      // A session starting within the quarter hour needs no reminder: its people are deciding right now.
      if (remindAt.getTime() > now) await queue.send<LfgJob>(LFG_REMINDER_QUEUE, { postId: post.id }, { tx, startAfter: remindAt });
      await queue.send<LfgJob>(LFG_END_QUEUE, { postId: post.id }, { tx, startAfter: post.endsAt });
    },

    /** Reminds the host and every accepted player, once, if the post is still open. */
    async remind(job: { data: LfgJob }): Promise<void> {
      await transaction(db, async (tx, afterCommit) => {
        const [post] = await tx
          .update(lfgPosts)
          .set({ remindedAt: new Date() })
          // A reminder come late (the queue was down) for a session already under way says nothing.
          .where(
            and(
              eq(lfgPosts.id, job.data.postId),
              eq(lfgPosts.status, 'open'),
              isNull(lfgPosts.remindedAt),
              gt(lfgPosts.startsAt, sql`now()`),
            ),
          )
          .returning();
        if (!post) return;
        const members = await peopleOf(tx, post.id, 'accepted');
        const data = { lfg_id: post.id, title: post.title, starts_at: post.startsAt.toISOString() };
        for (const id of [post.hostId, ...members.map((m) => m.user_id)]) {
          afterCommit((await notifications.store(tx, id, 'lfg_reminder', data, { subjectId: post.id })).push);
        }
      });
    },

    /** Ends the post: it leaves the lists; its chat stays for its members. */
    async end(job: { data: LfgJob }): Promise<void> {
      const [post] = await db
        .update(lfgPosts)
        .set({ status: 'ended' })
        .where(and(eq(lfgPosts.id, job.data.postId), eq(lfgPosts.status, 'open')))
        .returning({ id: lfgPosts.id, hostId: lfgPosts.hostId });
      if (!post) return;
      const members = await peopleOf(db, post.id, 'accepted');
      bus.toUsers([post.hostId, ...members.map((m) => m.user_id)], 'lfg_changed', { lfg_id: post.id });
    },
  };
}

export type LfgSchedule = ReturnType<typeof createLfgSchedule>;
