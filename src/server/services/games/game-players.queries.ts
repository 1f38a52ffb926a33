/**
 * NOTE: a game's players for one viewer (ADR 039): friends first, then people the viewer follows, then everyone
 * else, each group by user id. The cursor is `{group}.{user id}` of the last row shown. Each group is its own
 * indexed query (the viewer's friendships, the viewer's follows, then the game's (game_id, user_id) index), so a
 * page costs the same on page one and page four thousand, at any number of players. Never the viewer, never
 * suspended accounts, never anyone blocked either way.
 */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { GamePlayer, PlayerRelation } from '../../../shared/game-types.ts';
import { MAX_INT_ID } from '../../../shared/schemas/fields.ts';
import { follows, friendships, profilePictures, userGames, users } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';
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

/** Whether `userId` is an accepted friend of `viewerId`: one probe of the pair's unique (least, greatest) index. */
export const isFriend = (userId: SQL | typeof users.id, viewerId: number) => sql`exists (
  select 1 from ${friendships}
  where least(${friendships.requesterId}, ${friendships.addresseeId}) = least(${viewerId}::int, ${userId})
    and greatest(${friendships.requesterId}, ${friendships.addresseeId}) = greatest(${viewerId}::int, ${userId})
    and ${friendships.status} = 'accepted')`;

// followee_id > from as well (it follows from users.id > from): the probe then starts at the cursor instead of
// the viewer's first follow when the planner merges with the follows primary key.
const isFollowed = (userId: typeof users.id, viewerId: number, from: number) =>
  sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${userId} and ${follows.followeeId} > ${from})`;

/**
 * Friends come from the viewer's friendships (a set as large as the viewer's circle); the people the viewer
 * follows from the follows primary key, from the cursor on; everyone else from the game's (game_id, user_id)
 * index from the cursor on. Each row is then checked by primary-key probes, never by building the viewer's whole
 * follow or friend list, so a deep page reads about a page of rows.
 */
function groupWhere(group: number, viewerId: number, from: number): SQL {
  if (group === 0) return sql`${users.id} in ${friendIdsOf(viewerId)}`;
  const followed = sql`(select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} > ${from})`;
  if (group === 1) return sql`${users.id} in ${followed} and not ${isFriend(users.id, viewerId)}`;
  return sql`not ${isFollowed(users.id, viewerId, from)} and not ${isFriend(users.id, viewerId)}`;
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
          groupWhere(group, viewerId, from),
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
