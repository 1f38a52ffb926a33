/**
 * NOTE: the SQL of the games index's 'Most played' (ADR 039): games someone plays, in the order of
 * games_most_played_idx (players_count desc, name), paged by keyset from the game a page ended with. Each page is
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

/** The WHERE of each tier after `from`, in order; only games with players at all. */
export function mostPlayedTiers(from: MostPlayedFrom | undefined): SQL[] {
  const played = gt(games.playersCount, 0);
  if (!from) return [played];
  return [and(eq(games.playersCount, from.count), gt(games.name, from.name), played)!, and(lt(games.playersCount, from.count), played)!];
}

/** One tier's rows in index order; exported so a test can check its plan. */
export const mostPlayedStatement = (exec: Executor, viewerId: number, where: SQL, limit: number) =>
  exec
    .select({ ...summaryColumns, players: sql<number>`${games.playersCount} - ${hiddenPlayers(games.id, viewerId)}`.mapWith(Number) })
    .from(games)
    .where(where)
    .orderBy(...mostPlayed)
    .limit(limit);

/**
 * Up to `limit` games after `from`, and whether more follow (`last` names the page's last game read, shown or
 * not: the next page starts after it). One row past the page is read to know.
 */
export async function mostPlayedPage(
  exec: Executor,
  viewerId: number,
  from: MostPlayedFrom | undefined,
  limit: number,
): Promise<{ games: RankedRow[]; last: string | null }> {
  const read: RankedRow[] = [];
  for (const tier of mostPlayedTiers(from)) {
    if (read.length > limit) break;
    read.push(...(await mostPlayedStatement(exec, viewerId, tier, limit + 1 - read.length)));
  }
  const page = read.slice(0, limit);
  return { games: page.filter((g) => g.players > 0), last: read.length > limit ? (page.at(-1)?.slug ?? null) : null };
}
