import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Shared by every app node: fixed-window counters (login throttling, per-user write limits), and upload-slot
 * leases (key `upload-slot:<user>:<n>`, `count` = the holder's token, `windowEndsAt` = when the lease lapses).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
