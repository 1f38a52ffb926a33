import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** `followerId` follows `followeeId`. One-way; friendship makes it two-way (see the friends service). */
export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);
