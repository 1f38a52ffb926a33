/**
 * NOTE: games and what people play, for the seed and tests. `insertGame` writes straight to the database (the
 * catalogue is data, not something members create in bulk); names get a unique suffix unless one is given.
 */
import { randomBytes } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import { gameNameKey, slugify, type GameGenre, type GamePlatform } from '../../../shared/game-values.ts';
import type { Db } from '../client.ts';
import { games, userGames, type GameRow } from '../schema/index.ts';

export type GameSeed = { name?: string; genres?: GameGenre[]; platforms?: GamePlatform[] };

export function buildGame(overrides: GameSeed = {}) {
  const name = overrides.name ?? `Test Game ${randomBytes(4).toString('hex')}`;
  return {
    name,
    slug: slugify(name),
    nameKey: gameNameKey(name),
    genres: overrides.genres ?? (['action'] as GameGenre[]),
    platforms: overrides.platforms ?? (['steam'] as GamePlatform[]),
  };
}

export async function insertGame(db: Db, overrides: GameSeed = {}): Promise<GameRow> {
  const [row] = await db.insert(games).values(buildGame(overrides)).returning();
  return row!;
}

/** `userId` plays `gameId` on `platform` (changes the platform when already listed). */
export async function addUserGame(db: Db, userId: number, gameId: number, platform: GamePlatform = 'steam'): Promise<void> {
  await db
    .insert(userGames)
    .values({ userId, gameId, platform })
    .onConflictDoUpdate({ target: [userGames.userId, userGames.gameId], set: { platform } });
}

/**
 * The game of that name: the existing one when its name key (or slug) is taken, else a new row. For the seed,
 * which must work with or without the shipped catalogue and when run again.
 */
export async function ensureGame(db: Db, seed: GameSeed & { name: string }): Promise<GameRow> {
  const row = buildGame(seed);
  await db.insert(games).values(row).onConflictDoNothing();
  const [found] = await db
    .select()
    .from(games)
    .where(or(eq(games.nameKey, row.nameKey), eq(games.slug, row.slug)))
    .orderBy(sql`${games.nameKey} = ${row.nameKey} desc`)
    .limit(1);
  return found!;
}
