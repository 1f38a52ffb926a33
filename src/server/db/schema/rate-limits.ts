import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window failure counters shared by every app node (login throttling). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
