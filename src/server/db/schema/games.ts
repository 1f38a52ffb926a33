import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GameGenre, GamePlatform } from '../../../shared/game-values.ts';
import { users } from './users.ts';

/**
 * The game catalogue (ADR 039). `nameKey` is gameNameKey(name): two titles are one game when their keys match.
 * `slug` names the game in every URL; a rename or merge keeps the old slug in `game_slug_aliases`.
 * Search matches lower(name) by prefix (text_pattern_ops btree) and by word or substring (trigram GIN).
 */
export const games = pgTable(
  'games',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    genres: text('genres')
      .array()
      .$type<GameGenre[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    platforms: text('platforms')
      .array()
      .$type<GamePlatform[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Everyone who lists it, kept by statement triggers on user_games (migration 0008): the game page and the
    // 'most played' ranking read it instead of counting players, which grows with the game.
    playersCount: integer('players_count').notNull().default(0),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_slug_key').on(t.slug),
    uniqueIndex('games_name_key_key').on(t.nameKey),
    // The catalogue's empty search: most played first, then by name.
    index('games_most_played_idx').on(t.playersCount.desc(), t.name),
    index('games_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    // fastupdate off: a new title is searchable at once (see users_username_trgm_idx).
    index('games_name_trgm_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** An old slug (after a rename or a merge) still answers its game, so shared links keep working. */
export const gameSlugAliases = pgTable('game_slug_aliases', {
  slug: text('slug').primaryKey(),
  gameId: integer('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What someone plays, and where. One row per person and game; the game page reads it by (game_id, user_id). */
export const userGames = pgTable(
  'user_games',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<GamePlatform>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Mirrors users.suspended_at, set by triggers only (migration 0011): a game page counts its suspended players
    // through the partial index below instead of joining all its players to users. Never written by the app.
    suspended: boolean('suspended').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index('user_games_game_idx').on(t.gameId, t.userId),
    index('user_games_suspended_idx')
      .on(t.gameId)
      .where(sql`${t.suspended}`),
  ],
);

export type GameRow = typeof games.$inferSelect;
