import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A session row is keyed by the SHA-256 of the cookie value: a database leak yields no usable cookie. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    // The id a member sees and revokes by (the token hash never leaves the server).
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // The User-Agent at sign-in (at most 512 characters), shown as device and browser in the sessions list.
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    uniqueIndex('sessions_id_key').on(t.id),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);
