import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Usernames of deleted accounts, reserved until `freeAt` so nobody can take over a name people still know
 * (and the links and mentions that carry it). Keyed by the lower-case name, as usernames are unique that way.
 */
export const retiredUsernames = pgTable('retired_usernames', {
  usernameLower: text('username_lower').primaryKey(),
  freeAt: timestamp('free_at', { withTimezone: true }).notNull(),
});
