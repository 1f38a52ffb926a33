/**
 * NOTE: the SQL of looking-for-group posts (ADR 052). `seesPost(viewer)` is the one rule of who sees a post in a
 * list; every list puts it in its WHERE so hidden posts are gone before LIMIT. A post is live while its status is
 * 'open' and its end is ahead: the lists read the partial indexes of open posts, soonest first, keyset-paged on
 * (starts_at, id). `taken` counts accepted players (a deleted account frees its slot by itself).
 */
import { and, asc, eq, gt, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { LfgStanding } from '../../../shared/lfg-values.ts';
import {
  communities,
  communityMembers,
  friendships,
  games,
  lfgMembers,
  lfgPosts,
  profilePictures,
  users,
  type LfgPostRow,
} from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';

/** Accepted players of the post `postId` (a column or an id). */
export const takenSql = (postId: SQL | typeof lfgPosts.id | number) =>
  sql<number>`(select count(*)::int from ${lfgMembers} where ${lfgMembers.postId} = ${postId} and ${lfgMembers.state} = 'accepted')`;

const friendOfHost = (viewerId: number) => sql`exists (select 1 from ${friendships} f where f.status = 'accepted'
  and least(f.requester_id, f.addressee_id) = least(${lfgPosts.hostId}, ${viewerId}::int)
  and greatest(f.requester_id, f.addressee_id) = greatest(${lfgPosts.hostId}, ${viewerId}::int))`;

const memberOfCommunity = (userId: number | typeof lfgPosts.hostId) =>
  sql`exists (select 1 from ${communityMembers} m where m.community_id = ${lfgPosts.communityId} and m.user_id = ${userId})`;

/**
 * Whether the viewer sees the post in lists: their own, or a host neither suspended nor blocked either way with
 * them, and the post public, or friends-only and they are the host's friend, or a community's and both they and the
 * host are members (a host who left or was banned takes their posts off its board).
 */
export const seesPost = (viewerId: number): SQL =>
  sql`(${lfgPosts.hostId} = ${viewerId} or (${users.suspendedAt} is null and not ${eitherBlocked(lfgPosts.hostId, viewerId)} and (
    ${lfgPosts.visibility} = 'public'
    or (${lfgPosts.visibility} = 'friends' and ${friendOfHost(viewerId)})
    or (${lfgPosts.visibility} = 'community' and ${memberOfCommunity(viewerId)} and ${memberOfCommunity(lfgPosts.hostId)}))))`;

/** Open and not yet past its end (by the database's clock). */
export const isLive = and(eq(lfgPosts.status, 'open'), gt(lfgPosts.endsAt, sql`now()`))!;

const standingSql = (viewerId: number) => sql<LfgStanding>`case when ${lfgPosts.hostId} = ${viewerId} then 'host'
  else coalesce((select case ${lfgMembers.state} when 'accepted' then 'member' else ${lfgMembers.state} end
    from ${lfgMembers} where ${lfgMembers.postId} = ${lfgPosts.id} and ${lfgMembers.userId} = ${viewerId}), 'none') end`;

export type PostRow = LfgPostRow & {
  gameSlug: string;
  gameName: string;
  hostName: string;
  hostHasPicture: boolean;
  communitySlug: string | null;
  communityName: string | null;
  taken: number;
  standing: LfgStanding;
};

/** The columns every answer about a post is built from, for this viewer. */
const postColumns = (viewerId: number) => ({
  post: lfgPosts,
  gameSlug: games.slug,
  gameName: games.name,
  hostName: users.username,
  hostHasPicture: sql<boolean>`exists (select 1 from ${profilePictures} where ${profilePictures.userId} = ${lfgPosts.hostId})`,
  communitySlug: communities.slug,
  communityName: communities.name,
  taken: takenSql(lfgPosts.id),
  standing: standingSql(viewerId),
});

type Selected = { post: LfgPostRow } & Omit<PostRow, keyof LfgPostRow>;
const flat = ({ post, ...rest }: Selected): PostRow => ({ ...post, ...rest });

function selectPosts(exec: Executor, viewerId: number) {
  return exec
    .select(postColumns(viewerId))
    .from(lfgPosts)
    .innerJoin(games, eq(games.id, lfgPosts.gameId))
    .innerJoin(users, eq(users.id, lfgPosts.hostId))
    .leftJoin(communities, eq(communities.id, lfgPosts.communityId));
}

export type ListFilter = {
  gameId?: number;
  platform?: string;
  communityId?: number;
  /** 'now': under way or starting within `nowMinutes`; 'later': after that. */
  when?: 'now' | 'later';
  nowMinutes: number;
  after?: { startsAt: string; id: number };
  limit: number;
};

/** One page of live posts the viewer sees, soonest first. */
export async function listLive(exec: Executor, viewerId: number, f: ListFilter): Promise<PostRow[]> {
  const soon = sql`now() + make_interval(mins => ${f.nowMinutes})`;
  const rows = await selectPosts(exec, viewerId)
    .where(
      and(
        isLive,
        f.gameId === undefined ? undefined : eq(lfgPosts.gameId, f.gameId),
        f.platform === undefined ? undefined : sql`${lfgPosts.platform} = ${f.platform}`,
        f.communityId === undefined ? undefined : eq(lfgPosts.communityId, f.communityId),
        f.when === 'now' ? sql`${lfgPosts.startsAt} <= ${soon}` : f.when === 'later' ? sql`${lfgPosts.startsAt} > ${soon}` : undefined,
        f.after ? sql`(${lfgPosts.startsAt}, ${lfgPosts.id}) > (${f.after.startsAt}::timestamptz, ${f.after.id})` : undefined,
        seesPost(viewerId),
      ),
    )
    .orderBy(asc(lfgPosts.startsAt), asc(lfgPosts.id))
    .limit(f.limit);
  return rows.map(flat);
}

/**
 * The viewer's groups: posts they host, play in or asked to join, not ended or closed more than a day ago,
 * soonest first.
 */
export async function listMine(exec: Executor, viewerId: number, page: { after?: { startsAt: string; id: number }; limit: number }) {
  // Each half reads its own index (the host's posts, the person's requests); a plain OR would read the table.
  const mine = sql`(select ${lfgPosts.id} from ${lfgPosts} where ${lfgPosts.hostId} = ${viewerId}
    union all select ${lfgMembers.postId} from ${lfgMembers} where ${lfgMembers.userId} = ${viewerId}
      and (${lfgMembers.state} = 'accepted' or (${lfgMembers.state} = 'requested' and not ${eitherBlocked(
        sql`(select p.host_id from ${lfgPosts} p where p.id = ${lfgMembers.postId})`,
        viewerId,
      )})))`;
  const rows = await selectPosts(exec, viewerId)
    .where(
      and(
        inArray(lfgPosts.id, mine),
        gt(lfgPosts.endsAt, sql`now() - interval '1 day'`),
        page.after ? sql`(${lfgPosts.startsAt}, ${lfgPosts.id}) > (${page.after.startsAt}::timestamptz, ${page.after.id})` : undefined,
      ),
    )
    .orderBy(asc(lfgPosts.startsAt), asc(lfgPosts.id))
    .limit(page.limit);
  return rows.map(flat);
}

/**
 * One post as the viewer may see it: through the list rule, or as its host, a player or someone waiting for an
 * answer (they keep seeing it after an unfriending, and players its chat after it ended). Undefined otherwise.
 */
export async function postFor(exec: Executor, viewerId: number, postId: number): Promise<PostRow | undefined> {
  const standing = (state: string) => sql`exists (select 1 from ${lfgMembers} where ${lfgMembers.postId} = ${lfgPosts.id}
    and ${lfgMembers.userId} = ${viewerId} and ${lfgMembers.state} = ${state})`;
  const [row] = await selectPosts(exec, viewerId).where(
    and(
      eq(lfgPosts.id, postId),
      or(
        and(isLive, seesPost(viewerId)),
        eq(lfgPosts.hostId, viewerId),
        // A player stays in their party after a block, as in any group chat (ADR 021); a request does not.
        standing('accepted'),
        and(standing('requested'), not(eitherBlocked(lfgPosts.hostId, viewerId))),
      ),
    ),
  );
  return row ? flat(row) : undefined;
}

/** Locks the post for a change of its members or status. */
export async function lockPost(tx: Tx, postId: number): Promise<LfgPostRow | undefined> {
  const [row] = await tx.select().from(lfgPosts).where(eq(lfgPosts.id, postId)).for('update');
  return row;
}

export async function memberRow(exec: Executor, postId: number, userId: number) {
  const [row] = await exec
    .select()
    .from(lfgMembers)
    .where(and(eq(lfgMembers.postId, postId), eq(lfgMembers.userId, userId)));
  return row;
}

/** The host's posts still running (the cap on open posts). */
export async function runningCount(exec: Executor, hostId: number): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(lfgPosts)
    .where(and(eq(lfgPosts.hostId, hostId), isLive));
  return row?.n ?? 0;
}

/** Accepted players (or waiting requests) of a post, oldest first, with what the lists show of them. */
export async function peopleOf(exec: Executor, postId: number, state: 'accepted' | 'requested') {
  return exec
    .select({
      user_id: lfgMembers.userId,
      username: users.username,
      has_picture: sql<boolean>`exists (select 1 from ${profilePictures} where ${profilePictures.userId} = ${lfgMembers.userId})`,
      message: lfgMembers.message,
      created_at: lfgMembers.createdAt,
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
    })
    .from(lfgMembers)
    .innerJoin(users, eq(users.id, lfgMembers.userId))
    .where(and(eq(lfgMembers.postId, postId), eq(lfgMembers.state, state)))
    .orderBy(asc(lfgMembers.createdAt), asc(lfgMembers.userId));
}
