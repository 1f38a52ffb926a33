/**
 * NOTE: the SQL of finding communities (ADR 049): most members first (then newest), by keyset on
 * communities_popular_idx, so page one and page five thousand cost the same. Invite-only communities are never
 * listed here (they are unlisted); 'Your communities' lists the viewer's own, invite-only ones included. A name
 * query of three letters or digits in a row matches anywhere (trigram index), a shorter one matches name starts.
 */
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { CommunityCard, CommunityStatus } from '../../../shared/community-types.ts';
import type { GameRef } from '../../../shared/game-types.ts';
import {
  communities,
  communityBans,
  communityGames,
  communityMembers,
  communityRequests,
  games,
  type CommunityRow,
} from '../../db/schema/index.ts';
import { escapeLike } from '../../db/escape-like.ts';
import type { Executor } from '../../db/transaction.ts';
import { banRunning } from './members.queries.ts';

const TRIGRAM = /[\p{L}\p{N}]{3}/u;
type Row = {
  id: number;
  slug: string;
  name: string;
  description: string;
  visibility: CommunityCard['visibility'];
  member_count: number;
  has_icon: boolean;
};
const cardColumns = {
  id: communities.id,
  slug: communities.slug,
  name: communities.name,
  description: communities.description,
  visibility: communities.visibility,
  member_count: communities.memberCount,
  has_icon: sql<boolean>`${communities.iconKey} is not null`,
};

export function nameMatches(query: string): SQL {
  const name = sql`lower(${communities.name})`;
  const literal = escapeLike(query.toLowerCase());
  return TRIGRAM.test(query) ? sql`${name} like ${`%${literal}%`}` : sql`${name} like ${`${literal}%`}`;
}

/** Listed communities, most members first; `after` is the last card's (member count, id). */
export async function popularPage(
  exec: Executor,
  filter: { query: string; gameId: number | null },
  after: readonly [number, number] | null,
  limit: number,
): Promise<Row[]> {
  return (
    exec
      .select(cardColumns)
      .from(communities)
      .where(
        and(
          ne(communities.visibility, 'invite'),
          filter.query === '' ? undefined : nameMatches(filter.query),
          filter.gameId === null
            ? undefined
            : sql`exists (select 1 from ${communityGames} where ${communityGames.communityId} = ${communities.id} and ${communityGames.gameId} = ${filter.gameId})`,
          after ? sql`(${communities.memberCount}, ${communities.id}) < (${after[0]}, ${after[1]})` : undefined,
        ),
      )
      // NULLS LAST as the index is built: with the default (NULLS FIRST for desc) the planner sorts the whole table.
      .orderBy(sql`${communities.memberCount} desc nulls last`, sql`${communities.id} desc nulls last`)
      .limit(limit)
  );
}

/** The viewer's communities by name; `after` is the last card's (lower name, id). */
export async function minePage(exec: Executor, viewerId: number, after: readonly [string, number] | null, limit: number): Promise<Row[]> {
  return exec
    .select(cardColumns)
    .from(communityMembers)
    .innerJoin(communities, eq(communities.id, communityMembers.communityId))
    .where(
      and(
        eq(communityMembers.userId, viewerId),
        after ? sql`(lower(${communities.name}), ${communities.id}) > (${after[0]}, ${after[1]})` : undefined,
      ),
    )
    .orderBy(sql`lower(${communities.name})`, asc(communities.id))
    .limit(limit);
}

/** A community row as a card's row (for one found another way, such as through an invite). */
export const cardRow = (c: CommunityRow): Row => ({
  id: c.id,
  slug: c.slug,
  name: c.name,
  description: c.description,
  visibility: c.visibility,
  member_count: c.memberCount,
  has_icon: c.iconKey !== null,
});

/** The games of each community on a page, and the viewer's standing in each. */
export async function cardsFor(exec: Executor, rows: Row[], viewerId: number): Promise<Array<CommunityCard & { id: number }>> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [gameRows, memberRows, pendingRows, banRows] = await Promise.all([
    exec
      .select({ id: communityGames.communityId, slug: games.slug, name: games.name })
      .from(communityGames)
      .innerJoin(games, eq(games.id, communityGames.gameId))
      .where(inArray(communityGames.communityId, ids))
      .orderBy(games.name),
    exec
      .select({ id: communityMembers.communityId })
      .from(communityMembers)
      .where(and(eq(communityMembers.userId, viewerId), inArray(communityMembers.communityId, ids))),
    exec
      .select({ id: communityRequests.communityId })
      .from(communityRequests)
      .where(and(eq(communityRequests.userId, viewerId), inArray(communityRequests.communityId, ids))),
    exec
      .select({ id: communityBans.communityId })
      .from(communityBans)
      .where(and(eq(communityBans.userId, viewerId), inArray(communityBans.communityId, ids), banRunning)),
  ]);
  const gamesOf = new Map<number, GameRef[]>();
  for (const g of gameRows) gamesOf.set(g.id, [...(gamesOf.get(g.id) ?? []), { slug: g.slug, name: g.name }]);
  const member = new Set(memberRows.map((r) => r.id));
  const pending = new Set(pendingRows.map((r) => r.id));
  const banned = new Set(banRows.map((r) => r.id));
  const status = (id: number): CommunityStatus =>
    banned.has(id) ? 'banned' : member.has(id) ? 'member' : pending.has(id) ? 'pending' : 'none';
  return rows.map((r) => ({ ...r, games: gamesOf.get(r.id) ?? [], my_status: status(r.id) }));
}
