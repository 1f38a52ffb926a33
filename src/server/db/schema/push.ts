import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/**
 * A browser's push subscription (ADR 053). It belongs to the session that made it: signing out, revoking the
 * session or its expiry deletes it (the cascade), so a shared computer never shows the last person's pushes. One
 * endpoint is one browser profile: subscribing it again (maybe as someone else) moves the row. `failures` counts
 * deliveries the push service refused for a reason other than 404/410 in a row; a subscription refused too often goes.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    failures: integer('failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_id_idx').on(t.userId, t.id),
    index('push_subscriptions_session_id_idx').on(t.sessionId),
  ],
);

/** What a person wants pushed. No row: the defaults (push-values.ts PUSH_PREFERENCE_DEFAULTS, the columns' too). */
export const pushPreferences = pgTable('push_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messages: boolean('messages').notNull().default(true),
  friendRequests: boolean('friend_requests').notNull().default(true),
  comments: boolean('comments').notNull().default(true),
  likes: boolean('likes').notNull().default(false),
  lfg: boolean('lfg').notNull().default(true),
  communities: boolean('communities').notNull().default(true),
});
