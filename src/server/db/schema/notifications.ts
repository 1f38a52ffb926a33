import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    viewed: boolean('viewed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest-first pages by keyset (id) for one recipient.
    index('notifications_user_id_idx').on(t.userId, t.id.desc()),
    // The badge: counting unviewed rows touches only those.
    index('notifications_unviewed_idx')
      .on(t.userId)
      .where(sql`not ${t.viewed}`),
  ],
);
