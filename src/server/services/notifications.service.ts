/**
 * NOTE: notifications (spec §2 bell, §4): stored per recipient, paged newest first, pushed live.
 * Rules for callers:
 * - Call `notify` after the transaction that caused it has committed (a rolled-back change must not notify).
 * - Never notify people about their own actions unless stored `viewed` (see ADR 014).
 */
import { and, count, desc, eq, lt, not } from 'drizzle-orm';
import type { NotificationData, NotificationItem, NotificationsResponse } from '../../shared/api-types.ts';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
import type { EventBus } from './event-bus.ts';

type Row = typeof notifications.$inferSelect;
const toItem = (r: Row): NotificationItem => ({
  id: r.id,
  type: r.type,
  viewed: r.viewed,
  created_at: r.createdAt.toISOString(),
  data: r.data,
});

export function createNotificationsService(deps: { db: Db; bus: EventBus }) {
  const { db, bus } = deps;
  const unreadOf = async (userId: number) => {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), not(notifications.viewed)));
    return row?.n ?? 0;
  };

  return {
    async notify(recipientId: number, type: string, data: NotificationData, opts: { viewed?: boolean } = {}): Promise<NotificationItem> {
      const [row] = await db
        .insert(notifications)
        .values({ userId: recipientId, type, data, viewed: opts.viewed ?? false })
        .returning();
      const item = toItem(row!);
      bus.toUsers([recipientId], 'notification', item);
      return item;
    },

    async list(userId: number, page: { before?: number; limit: number }): Promise<NotificationsResponse> {
      const mine = eq(notifications.userId, userId);
      const rows = await db
        .select()
        .from(notifications)
        .where(page.before === undefined ? mine : and(mine, lt(notifications.id, page.before)))
        .orderBy(desc(notifications.id))
        .limit(page.limit + 1);
      const more = rows.length > page.limit;
      const shown = rows.slice(0, page.limit);
      return { notifications: shown.map(toItem), unread_count: await unreadOf(userId), next_before: more ? shown.at(-1)!.id : null };
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
