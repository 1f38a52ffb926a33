import { sql } from 'drizzle-orm';
import { customType, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { HandleVisibility, PlatformId } from '../../../shared/profile-values.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * One row per user who has edited anything; a user without a row has an empty profile. Handles are null
 * when not connected. links/games are free-form objects the spec names but never shows being edited.
 */
export const profiles = pgTable('profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bio: text('bio').notNull().default(''),
  discordUsername: text('discord_username'),
  psnUsername: text('psn_username'),
  xboxGamertag: text('xbox_gamertag'),
  steamUsername: text('steam_username'),
  nintendoFriendCode: text('nintendo_friend_code'),
  links: jsonb('links')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  // Who sees each handle on the profile: platform id → 'everyone' | 'friends' | 'nobody' (absent = everyone).
  handleVisibility: jsonb('handle_visibility')
    .$type<Partial<Record<PlatformId, HandleVisibility>>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  games: jsonb('games')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The re-encoded JPEG (small, bounded by the server): kept in the database so every node can serve it. */
export const profilePictures = pgTable('profile_pictures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  etag: text('etag').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
