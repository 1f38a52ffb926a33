/**
 * NOTE: what someone plays (user_games). Writes for one person take a row lock on their users row first, so two
 * saves or toggles at once cannot together pass the PROFILE_GAMES_MAX check.
 */
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { ProfileGames } from '../../../shared/game-types.ts';
import type { GamePlatform } from '../../../shared/game-values.ts';
import { games, userGames, users } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

export async function lockPlayer(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function gameCount(exec: Executor, userId: number): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(userGames)
    .where(eq(userGames.userId, userId));
  return row?.n ?? 0;
}

/** Someone's games keyed by slug, in name order; `shared` marks those `viewerId` plays too (when given). */
export async function profileGamesOf(exec: Executor, userId: number, viewerId?: number): Promise<ProfileGames> {
  const rows = await exec
    .select({
      slug: games.slug,
      name: games.name,
      genres: games.genres,
      platform: userGames.platform,
      shared:
        viewerId === undefined
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${userGames} mine where mine.user_id = ${viewerId} and mine.game_id = ${games.id})`,
    })
    .from(userGames)
    .innerJoin(games, eq(games.id, userGames.gameId))
    .where(eq(userGames.userId, userId))
    .orderBy(asc(games.name));
  return Object.fromEntries(rows.map(({ shared, ...g }) => [g.slug, viewerId === undefined ? g : { ...g, shared }]));
}

/** Replaces the whole list (inside the caller's transaction, after lockPlayer). */
export async function replaceGames(tx: Tx, userId: number, list: Array<{ gameId: number; platform: GamePlatform }>): Promise<void> {
  const keep = list.map((g) => g.gameId);
  await tx.delete(userGames).where(and(eq(userGames.userId, userId), keep.length ? notInArray(userGames.gameId, keep) : undefined));
  if (list.length === 0) return;
  await tx
    .insert(userGames)
    .values(list.map((g) => ({ userId, gameId: g.gameId, platform: g.platform })))
    .onConflictDoUpdate({ target: [userGames.userId, userGames.gameId], set: { platform: sql`excluded.platform` } });
}

export async function setPlaying(exec: Executor, userId: number, gameId: number, platform: GamePlatform): Promise<void> {
  await exec
    .insert(userGames)
    .values({ userId, gameId, platform })
    .onConflictDoUpdate({ target: [userGames.userId, userGames.gameId], set: { platform } });
}

export async function stopPlaying(exec: Executor, userId: number, gameId: number): Promise<void> {
  await exec.delete(userGames).where(and(eq(userGames.userId, userId), eq(userGames.gameId, gameId)));
}
