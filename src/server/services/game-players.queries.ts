/**
 * NOTE: a game's players for one viewer (ADR 039): friends first, then people the viewer follows, then everyone
 * else, each group by user id. The cursor is `{group}.{user id}` of the last row shown. Each group is its own
 * indexed query (the viewer's friendships, the viewer's follows, then the game's (game_id, user_id) index), so a
 * page costs the same on page one and page four thousand, at any number of players. Never the viewer, never
 * suspended accounts, never anyone blocked either way.
 */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { GamePlayer, PlayerRelation } from '../../shared/game-types.ts';
import { MAX_INT_ID } from '../../shared/schemas/fields.ts';
import { follows, friendships, profilePictures, userGames, users } from '../db/schema/index.ts';
import type { Executor } from '../db/transaction.ts';
import { visiblePlayer } from './games.queries.ts';

const GROUPS: PlayerRelation[] = ['friend', 'following', 'other'];

export type PlayersCursor = { group: number; userId: number };

export function parsePlayersCursor(cursor: string | undefined): PlayersCursor | null | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const match = /^([0-2])\.(\d{1,10})$/.exec(cursor);
  // An id past the integer column's range is no cursor we ever sent (PostgreSQL would refuse to compare it).
  if (!match || Number(match[2]) > MAX_INT_ID) return null;
  return { group: Number(match[1]), userId: Number(match[2]) };
}

/** The viewer's accepted friends, as a set of ids (SQL). */
export const friendIdsOf = (viewerId: number | SQL) => sql`(
  select case when ${friendships.requesterId} = ${viewerId} then ${friendships.addresseeId} else ${friendships.requesterId} end
  from ${friendships}
  where ${friendships.status} = 'accepted' and (${friendships.requesterId} = ${viewerId} or ${friendships.addresseeId} = ${viewerId}))`;

const followedBy = (viewerId: number) => sql`(select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${viewerId})`;

function groupWhere(group: number, viewerId: number): SQL {
  if (group === 0) return sql`${users.id} in ${friendIdsOf(viewerId)}`;
  if (group === 1) return sql`${users.id} in ${followedBy(viewerId)} and ${users.id} not in ${friendIdsOf(viewerId)}`;
  return sql`${users.id} not in ${followedBy(viewerId)} and ${users.id} not in ${friendIdsOf(viewerId)}`;
}

export async function playersPage(
  exec: Executor,
  gameId: number,
  viewerId: number,
  after: PlayersCursor | undefined,
  limit: number,
): Promise<{ players: GamePlayer[]; next: PlayersCursor | null }> {
  const found: Array<GamePlayer & { group: number }> = [];
  for (let group = after?.group ?? 0; group < GROUPS.length && found.length <= limit; group += 1) {
    const from = after && after.group === group ? after.userId : 0;
    const rows = await exec
      .select({
        user_id: users.id,
        username: users.username,
        has_picture: sql<boolean>`exists (select 1 from ${profilePictures} where ${profilePictures.userId} = ${users.id})`,
        platform: userGames.platform,
      })
      .from(userGames)
      .innerJoin(users, eq(users.id, userGames.userId))
      // users.id > cursor as well: PostgreSQL carries equalities across a join but not ranges, and without it a
      // merge join walks the users table from its first id up to the cursor on every deep page.
      .where(
        and(
          eq(userGames.gameId, gameId),
          gt(userGames.userId, from),
          gt(users.id, from),
          visiblePlayer(users.id, viewerId),
          groupWhere(group, viewerId),
        ),
      )
      .orderBy(asc(userGames.userId))
      .limit(limit + 1 - found.length);
    found.push(...rows.map((r) => ({ ...r, relation: GROUPS[group]!, group })));
  }
  const shown = found.slice(0, limit);
  const last = shown.at(-1);
  const next = found.length > limit && last ? { group: last.group, userId: last.user_id } : null;
  return { players: shown.map(({ group: _group, ...p }) => p), next };
}
