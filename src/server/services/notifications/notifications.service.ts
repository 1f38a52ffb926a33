/**
 * NOTE: notifications (spec §2 bell, §4, ADR 014): stored per recipient, paged newest first, pushed live.
 * Rules for callers:
 * - Inside a transaction use `store(tx, ...)` and pass its `push` to `afterCommit` (db/transaction.ts): the row
 *   commits or rolls back with the change that caused it, and nobody hears of a change that rolled back.
 * - Without a transaction of your own, `notify(...)` stores and pushes at once. `withdraw(tx, ...)` deletes what a
 *   withdrawn action caused and answers the push that takes it out of the bell.
 * - Never notify people of their own actions unless stored `viewed` (their badge must not rise).
 * - Nothing passes between people blocked either way (ADR 021): `store` keeps nothing (its `item` is null and
 *   `push` does nothing), and older rows whose actor is blocked with the recipient are left out of the list and
 *   the unread count in the same SQL.
 */
import { and, count, desc, eq, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { NotificationData, NotificationItem, NotificationsResponse, NotificationType } from '../../../shared/api-types.ts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';
import { canInteract } from '../social/blocks.service.ts';
import type { EventBus } from '../event-bus.ts';

type Row = typeof notifications.$inferSelect;
/** `subjectId`: what the notification is about when `data` does not say (a friend request's id). */
type Options = { viewed?: boolean; subjectId?: number };
/** `item` is null when nothing was stored (a repeated like, or a block between the two): `push` then does nothing. */
export type StoredNotification = { item: NotificationItem | null; push: () => void };

const toItem = (r: Row): NotificationItem => ({
  id: r.id,
  type: r.type,
  viewed: r.viewed,
  created_at: r.createdAt.toISOString(),
  data: r.data,
});

export function createNotificationsService(deps: { db: Db; bus: EventBus }) {
  const { db, bus } = deps;

  async function store(
    exec: Executor,
    recipientId: number,
    type: NotificationType,
    data: NotificationData,
    opts: Options = {},
  ): Promise<StoredNotification> {
    const actorId = data.sender_id ?? data.receiver_id ?? null;
    if (actorId !== null && actorId !== recipientId && !(await canInteract(exec, recipientId, actorId))) {
      return { item: null, push: () => {} };
    }
    const rows = await exec
      .insert(notifications)
      .values({
        userId: recipientId,
        type,
        data,
        actorId,
        subjectId: opts.subjectId ?? data.media_id ?? null,
        viewed: opts.viewed ?? false,
      })
      // One like notification per liker and post (a unique partial index): liking again after an unlike adds
      // nothing and pushes nothing. Other types never conflict.
      .onConflictDoNothing({
        target: [notifications.userId, notifications.actorId, notifications.subjectId],
        where: sql`${notifications.type} = 'like'`,
      })
      .returning();
    const row = rows[0];
    if (!row) return { item: null, push: () => {} };
    const item = toItem(row);
    return { item, push: () => bus.toUsers([recipientId], 'notification', item) };
  }

  /** The recipient's rows, less those whose actor is blocked either way with them. */
  const shownTo = (userId: number) =>
    and(eq(notifications.userId, userId), or(isNull(notifications.actorId), not(eitherBlocked(notifications.actorId, userId))));

  async function unreadCount(userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(shownTo(userId), not(notifications.viewed)));
    return row?.n ?? 0;
  }

  /**
   * Deletes the recipient's notifications of `type` caused by `actorId` about `subjectId` (a request withdrawn);
   * answers the push that takes them out of the bell, for `afterCommit`.
   */
  async function withdraw(
    exec: Executor,
    recipientId: number,
    type: NotificationType,
    about: { actorId: number; subjectId: number },
  ): Promise<() => void> {
    const gone = await exec
      .delete(notifications)
      .where(
        and(
          eq(notifications.userId, recipientId),
          eq(notifications.type, type),
          eq(notifications.actorId, about.actorId),
          eq(notifications.subjectId, about.subjectId),
        ),
      )
      .returning({ id: notifications.id });
    return () => gone.forEach((n) => bus.toUsers([recipientId], 'notification_removed', { id: n.id }));
  }

  return {
    store,
    withdraw,
    unreadCount,

    async notify(
      recipientId: number,
      type: NotificationType,
      data: NotificationData,
      opts: Options = {},
    ): Promise<NotificationItem | null> {
      const stored = await store(db, recipientId, type, data, opts);
      stored.push();
      return stored.item;
    },

    /** One page, newest first, keyset-paged on the id; `unread_count` counts every unviewed row, not just this page. */
    async list(userId: number, page: { before?: number; limit: number }): Promise<NotificationsResponse> {
      const mine = shownTo(userId);
      const rows = await db
        .select()
        .from(notifications)
        .where(page.before === undefined ? mine : and(mine, lt(notifications.id, page.before)))
        .orderBy(desc(notifications.id))
        .limit(page.limit + 1);
      const shown = rows.slice(0, page.limit);
      const next_before = rows.length > page.limit ? shown.at(-1)!.id : null;
      return { notifications: shown.map(toItem), unread_count: await unreadCount(userId), next_before };
    },

    async markAllRead(userId: number): Promise<void> {
      await db
        .update(notifications)
        .set({ viewed: true })
        .where(and(eq(notifications.userId, userId), not(notifications.viewed)));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
