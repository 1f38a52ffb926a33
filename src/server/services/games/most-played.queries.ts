/**
 * NOTE: the SQL of the games index's 'Most played' (ADR 039): games someone plays, in the order of
 * games_most_played_idx (players_count desc, name), paged by keyset (the stored count and name a page ended with,
 * carried in an opaque cursor: `mostPlayedCursor` / `mostPlayedFrom`). Each page is
 * read as at most two index range scans ('the rest of that count, by name', then 'fewer players'), so page one
 * and page five thousand cost the same at any catalogue size. The raw stored count ranks; each game shows the
 * count the game page would show the viewer (hiddenPlayers subtracted), and a game that leaves nothing to show
 * is dropped from its page (its place still moves the cursor on).
 */
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { GameSummary } from '../../../shared/game-types.ts';
import { games } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';
import { hiddenPlayers, mostPlayed, summaryColumns } from './games.queries.ts';

/** Where a page starts: after the game with this stored count and name (names are unique through name_key). */
export type MostPlayedFrom = { count: number; name: string };

export type RankedRow = GameSummary & { players: number };
type ReadRow = RankedRow & { rank: number };

/** The cursor after `from`: base64url of `[count, name]`. */
export const mostPlayedCursor = (from: MostPlayedFrom): string =>
  Buffer.from(JSON.stringify([from.count, from.name])).toString('base64url');

/** The keyset a cursor holds, or null when it is not one this server made. */
export function mostPlayedFrom(cursor: string): MostPlayedFrom | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [count, name] = value as [unknown, unknown];
    return Number.isSafeInteger(count) && (count as number) > 0 && typeof name === 'string' && name.length <= 200
      ? { count: count as number, name }
      : null;
  } catch {
    return null;
  }
}

/** The WHERE of each tier after `from`, in order; only games with players at all. */
export function mostPlayedTiers(from: MostPlayedFrom | undefined): SQL[] {
  const played = gt(games.playersCount, 0);
  if (!from) return [played];
  return [and(eq(games.playersCount, from.count), gt(games.name, from.name), played)!, and(lt(games.playersCount, from.count), played)!];
}

/** One tier's rows in index order; exported so a test can check its plan. */
export const mostPlayedStatement = (exec: Executor, viewerId: number, where: SQL, limit: number) =>
  exec
    .select({
      ...summaryColumns,
      players: sql<number>`${games.playersCount} - ${hiddenPlayers(games.id, viewerId)}`.mapWith(Number),
      rank: games.playersCount,
    })
    .from(games)
    .where(where)
    .orderBy(...mostPlayed)
    .limit(limit);

/**
 * Up to `limit` games after `from`, and the cursor of the next page (after the page's last game read, shown or
 * not), null at the end. One row past the page is read to know.
 */
export async function mostPlayedPage(
  exec: Executor,
  viewerId: number,
  from: MostPlayedFrom | undefined,
  limit: number,
): Promise<{ games: RankedRow[]; next: string | null }> {
  const read: ReadRow[] = [];
  for (const tier of mostPlayedTiers(from)) {
    if (read.length > limit) break;
    read.push(...(await mostPlayedStatement(exec, viewerId, tier, limit + 1 - read.length)));
  }
  const page = read.slice(0, limit);
  const last = read.length > limit ? page.at(-1) : undefined;
  return {
    games: page.filter((g) => g.players > 0).map(({ rank: _rank, ...game }) => game),
    next: last ? mostPlayedCursor({ count: last.rank, name: last.name }) : null,
  };
}
