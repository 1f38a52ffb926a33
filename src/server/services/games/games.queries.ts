/**
 * NOTE: the SQL of the game catalogue (ADR 039). Games are found by slug or by an old slug (`game_slug_aliases`);
 * catalogue search follows user search (ADR 013): three letters or digits in a row match anywhere through the
 * trigram index, shorter queries match name prefixes through the text_pattern_ops btree. Both compare lower(name);
 * rank tiers are read in the most-played index's order (players_count desc nulls last, name), one tier at a time.
 * Counts and lists of players leave out suspended accounts and anyone blocked either way with the viewer.
 */
import { and, asc, eq, isNull, ne, not, sql } from 'drizzle-orm';
import type { GameSummary } from '../../../shared/game-types.ts';
import { GAME_SEARCH_LIMIT, RESERVED_GAME_SLUGS, type GamePlatform } from '../../../shared/game-values.ts';
import { blocks, gameSlugAliases, games, userGames, users, type GameRow } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';
import { escapeLike } from '../../db/escape-like.ts';

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

/** Whether a slug is free: neither a game's nor an alias, nor reserved for a list's path. */
export async function slugTaken(exec: Executor, slug: string): Promise<boolean> {
  if (RESERVED_GAME_SLUGS.includes(slug)) return true;
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

/**
 * Most played first, then by name: exactly the order of games_most_played_idx (players_count is never null, so
 * NULLS LAST changes nothing but lets the index serve the order), so a LIMIT reads only the rows it returns.
 * The raw count (kept by triggers on user_games) ranks; visibility filters are for what people see.
 */
export const mostPlayed = [sql`${games.playersCount} desc nulls last`, asc(games.name)];

/**
 * Catalogue search ranks exact names first, then name prefixes, then word starts, then other substrings (three
 * letters or more), each tier by most played. Each tier is its own query in most-played order with the LIMIT
 * still open, asked only while the page is not full: a common prefix stops after walking the most-played index
 * for a page of matches, however large the catalogue, instead of sorting every match.
 */
export async function searchGames(exec: Executor, query: string): Promise<GameSummary[]> {
  if (query === '')
    return exec
      .select(summaryColumns)
      .from(games)
      .orderBy(...mostPlayed)
      .limit(GAME_SEARCH_LIMIT);
  const name = sql`lower(${games.name})`;
  const lowered = query.toLowerCase();
  const literal = escapeLike(lowered);
  const prefix = sql`${name} like ${`${literal}%`}`;
  const word = sql`${name} like ${`% ${literal}%`}`;
  const tiers = [sql`${name} = ${lowered}`, sql`${prefix} and ${name} <> ${lowered}`];
  if (TRIGRAM.test(query))
    tiers.push(sql`${word} and not ${prefix}`, sql`${name} like ${`%${literal}%`} and not ${prefix} and not ${word}`);
  const found: GameSummary[] = [];
  for (const tier of tiers) {
    if (found.length >= GAME_SEARCH_LIMIT) break;
    found.push(
      ...(await exec
        .select(summaryColumns)
        .from(games)
        .where(tier)
        .orderBy(...mostPlayed)
        .limit(GAME_SEARCH_LIMIT - found.length)),
    );
  }
  return found;
}

/** Whose rows count as visible players for `viewerId`: not suspended, not blocked either way, not the viewer. */
export const visiblePlayer = (userId: typeof users.id, viewerId: number) =>
  and(ne(userId, viewerId), isNull(users.suspendedAt), not(eitherBlocked(userId, viewerId)));

/**
 * The players of `gameId` (a number or a column such as games.id) the viewer does not count: suspended players
 * (user_games.suspended, counted through its partial index on game_id, so only this game's suspended rows are read)
 * and players blocked either way with the viewer (the viewer's few blocks, each looked up in user_games by its
 * primary key). Costs the same for a game of ten players or of a hundred thousand.
 */
export const hiddenPlayers = (gameId: number | typeof games.id, viewerId: number) => sql`(
  (select count(*) from ${userGames} ug where ug.game_id = ${gameId} and ug.suspended)
  + (select count(*) from (
       select ${blocks.blockedId} as id from ${blocks} where ${blocks.blockerId} = ${viewerId}
       union select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId}) b
     join ${userGames} ug on ug.user_id = b.id and ug.game_id = ${gameId} and not ug.suspended))`;

/** Everyone who lists the game (the stored count) minus the hidden ones; the viewer counts when they play it. */
export async function visiblePlayerCount(exec: Executor, gameId: number, viewerId: number): Promise<number> {
  const result = await exec.execute(
    sql`select ${games.playersCount} - ${hiddenPlayers(gameId, viewerId)} as n from ${games} where ${games.id} = ${gameId}`,
  );
  return Number((result.rows[0] as { n: number | string } | undefined)?.n ?? 0);
}

export async function platformOf(exec: Executor, userId: number, gameId: number): Promise<GamePlatform | null> {
  const [row] = await exec
    .select({ platform: userGames.platform })
    .from(userGames)
    .where(and(eq(userGames.userId, userId), eq(userGames.gameId, gameId)));
  return row?.platform ?? null;
}
