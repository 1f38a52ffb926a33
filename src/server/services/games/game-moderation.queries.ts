/**
 * NOTE: the SQL of moderators' catalogue fixes (ADR 040). Callers run these inside one transaction, after
 * `lockGames` has locked every game involved (in id order, so two merges never deadlock). The lock also makes an
 * upload that is tagging a game being merged away wait, then fail its foreign key and look the slug up again.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { gameSlugAliases, games, lfgPosts, media, userGames, type GameRow } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';

export async function lockGames(tx: Tx, ids: number[]): Promise<void> {
  await tx.select({ id: games.id }).from(games).where(inArray(games.id, ids)).orderBy(games.id).for('update');
}

/** Gives the game a new name (and slug); its old slug answers it from now on. */
export async function renameGameRow(tx: Tx, game: GameRow, to: { name: string; nameKey: string; slug: string }): Promise<void> {
  if (to.slug !== game.slug) {
    // Renaming back to a slug it once had: that slug is its own again, not an alias.
    await tx.delete(gameSlugAliases).where(and(eq(gameSlugAliases.slug, to.slug), eq(gameSlugAliases.gameId, game.id)));
    await tx.insert(gameSlugAliases).values({ slug: game.slug, gameId: game.id });
  }
  await tx.update(games).set(to).where(eq(games.id, game.id));
}

/**
 * Folds `from` into `into`: its players (a person playing both keeps their row on `into`), its posts, its groups and its
 * aliases move, its slug becomes an alias of `into`, and the row goes.
 */
export async function mergeGameRows(tx: Tx, from: GameRow, into: GameRow): Promise<{ players: number; posts: number }> {
  const moved = await tx.execute(sql`
    insert into ${userGames} (user_id, game_id, platform, created_at)
    select user_id, ${into.id}, platform, created_at from ${userGames} where game_id = ${from.id}
    on conflict (user_id, game_id) do nothing`);
  const posts = await tx.update(media).set({ gameId: into.id }).where(eq(media.gameId, from.id)).returning({ id: media.id });
  await tx.update(lfgPosts).set({ gameId: into.id }).where(eq(lfgPosts.gameId, from.id));
  await tx.update(gameSlugAliases).set({ gameId: into.id }).where(eq(gameSlugAliases.gameId, from.id));
  await tx.insert(gameSlugAliases).values({ slug: from.slug, gameId: into.id });
  // The duplicate's user_games rows go with it (foreign key cascade).
  await tx.delete(games).where(eq(games.id, from.id));
  return { players: moved.rowCount ?? 0, posts: posts.length };
}
