import { sql } from 'drizzle-orm';
import { boolean, index, uniqueIndex, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationData } from '../../../shared/api-types.ts';
import { users } from './users.ts';

/** A notification for `userId` (the recipient). `data` is the spec's payload, stored as sent to the client. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<NotificationData>().notNull(),
    // Who caused it (null when nobody did) and what it is about (a post id, a friend request id): these let a
    // like be collapsed, a cancelled request take its notification along and blocked people be filtered out.
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id'),
    viewed: boolean('viewed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest-first pages by keyset (id) for one recipient.
    index('notifications_user_id_idx').on(t.userId, t.id.desc()),
    // One like notification per liker and post.
    uniqueIndex('notifications_like_once_key')
      .on(t.userId, t.actorId, t.subjectId)
      .where(sql`${t.type} = 'like'`),
    index('notifications_actor_idx').on(t.actorId),
    // The badge: counting unviewed rows touches only those.
    index('notifications_unviewed_idx')
      .on(t.userId)
      .where(sql`not ${t.viewed}`),
  ],
);
