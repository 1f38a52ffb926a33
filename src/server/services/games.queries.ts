/**
 * NOTE: the SQL of the game catalogue (ADR 039). Games are found by slug or by an old slug (`game_slug_aliases`);
 * catalogue search follows user search (ADR 013): three letters or digits in a row match anywhere through the
 * trigram index, shorter queries match name prefixes through the text_pattern_ops btree. Both compare lower(name).
 * Counts and lists of players leave out suspended accounts and anyone blocked either way with the viewer.
 */
import { and, asc, desc, eq, isNull, ne, not, sql } from 'drizzle-orm';
import type { GameSummary } from '../../shared/game-types.ts';
import { GAME_SEARCH_LIMIT, type GamePlatform } from '../../shared/schemas/games.ts';
import { gameSlugAliases, games, userGames, users, type GameRow } from '../db/schema/index.ts';
import type { Executor } from '../db/transaction.ts';
import { eitherBlocked } from './blocks.queries.ts';
import { escapeLike } from './search.service.ts';

const TRIGRAM = /[\p{L}\p{N}]{3}/u;

export const summaryColumns = { slug: games.slug, name: games.name, genres: games.genres, platforms: games.platforms };

export const toSummary = (g: Pick<GameRow, 'slug' | 'name' | 'genres' | 'platforms'>): GameSummary => ({
  slug: g.slug,
  name: g.name,
  genres: g.genres,
  platforms: g.platforms,
});

/** The game a slug names: its own slug first, else an old slug kept by a rename or merge. */
export async function gameBySlug(exec: Executor, slug: string): Promise<GameRow | undefined> {
  const [own] = await exec.select().from(games).where(eq(games.slug, slug));
  if (own) return own;
  const [aliased] = await exec
    .select({ game: games })
    .from(gameSlugAliases)
    .innerJoin(games, eq(games.id, gameSlugAliases.gameId))
    .where(eq(gameSlugAliases.slug, slug));
  return aliased?.game;
}

export async function gameByNameKey(exec: Executor, nameKey: string): Promise<GameRow | undefined> {
  const [row] = await exec.select().from(games).where(eq(games.nameKey, nameKey));
  return row;
}

/** Whether a slug is free: neither a game's nor an alias. */
export async function slugTaken(exec: Executor, slug: string): Promise<boolean> {
  const result = await exec.execute(
    sql`select exists (select 1 from ${games} where ${games.slug} = ${slug}) or exists (select 1 from ${gameSlugAliases} where ${gameSlugAliases.slug} = ${slug}) as taken`,
  );
  return Boolean((result.rows[0] as { taken: boolean }).taken);
}

/** `base`, else `base-2`, `base-3`… : the first slug nobody holds. */
export async function freeSlug(exec: Executor, base: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(exec, slug))) return slug;
  }
}

/** Raw player count, for ranking only (visibility filters are for what people see). */
const playerCount = sql<number>`(select count(*)::int from ${userGames} where ${userGames.gameId} = ${games.id})`;

export function searchGames(exec: Executor, query: string): Promise<GameSummary[]> {
  if (query === '') {
    return exec.select(summaryColumns).from(games).orderBy(desc(playerCount), asc(games.name)).limit(GAME_SEARCH_LIMIT);
  }
  const name = sql`lower(${games.name})`;
  const literal = escapeLike(query.toLowerCase());
  const prefix = `${literal}%`;
  const pattern = TRIGRAM.test(query) ? `%${literal}%` : prefix;
  return exec
    .select(summaryColumns)
    .from(games)
    .where(sql`${name} like ${pattern}`)
    .orderBy(
      sql`${name} = ${query.toLowerCase()} desc`,
      sql`${name} like ${prefix} desc`,
      sql`${name} like ${`% ${literal}%`} desc`,
      desc(playerCount),
      asc(games.name),
    )
    .limit(GAME_SEARCH_LIMIT);
}

/** Whose rows count as visible players for `viewerId`: not suspended, not blocked either way, not the viewer. */
export const visiblePlayer = (userId: typeof users.id, viewerId: number) =>
  and(ne(userId, viewerId), isNull(users.suspendedAt), not(eitherBlocked(userId, viewerId)));

export async function visiblePlayerCount(exec: Executor, gameId: number, viewerId: number): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(userGames)
    .innerJoin(users, eq(users.id, userGames.userId))
    // The viewer counts when they play it: only hidden people are left out.
    .where(and(eq(userGames.gameId, gameId), isNull(users.suspendedAt), not(eitherBlocked(users.id, viewerId))));
  return row?.n ?? 0;
}

export async function platformOf(exec: Executor, userId: number, gameId: number): Promise<GamePlatform | null> {
  const [row] = await exec
    .select({ platform: userGames.platform })
    .from(userGames)
    .where(and(eq(userGames.userId, userId), eq(userGames.gameId, gameId)));
  return row?.platform ?? null;
}
