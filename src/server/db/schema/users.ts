import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/moderation-values.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // member | moderator | admin, granted and revoked only by the admin CLI.
    role: text('role', { enum: ROLES }).notNull().default('member'),
    // A suspended account cannot sign in and has no sessions; a moderator lifts it.
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedBy: integer('suspended_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('users_role_known', sql`${t.role} in ('member', 'moderator', 'admin')`),
    // Finding the moderators to notify of a new report.
    index('users_staff_idx')
      .on(t.role)
      .where(sql`${t.role} <> 'member'`),
    // The few suspended accounts: a game's visible player count subtracts them from its stored count.
    index('users_suspended_idx')
      .on(t.id)
      .where(sql`${t.suspendedAt} is not null`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // User search (see the profile service): prefixes through the btree, substrings of 3+ characters through
    // the trigram index. The migration creates the pg_trgm extension first.
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    // fastupdate off: new names go straight into the index. A pending list (the default) is invisible to the
    // planner's estimates until vacuumed, and makes it prefer a sequential scan for a while after sign-ups.
    index('users_username_trgm_idx')
      .using('gin', sql`lower(${t.username}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export type UserRow = typeof users.$inferSelect;
