import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * `blockerId` blocked `blockedId`. One row is enough to hide the two from each other both ways; the direction
 * only says who may lift it (the blocker) and whose "Blocked users" list shows it.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // The other direction of the "either way" check.
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
