/**
 * NOTE: the SQL of live updates (ADR 045): what a person may follow, and the facts a flush sends. Each function is
 * one round trip, whatever the number of ids.
 */
import { sql } from 'drizzle-orm';
import type { WatchRequest } from '../../../shared/schemas/live.ts';
import type { Db } from '../../db/client.ts';
import { blocks, communities, follows, friendships, games, media, users } from '../../db/schema/index.ts';
import { seesContentSql } from '../communities/members.queries.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';
import { postSeenBy } from '../media/post-visibility.ts';

/** Ids as one array parameter (drizzle would spread a plain array into a list of parameters). */
const intArray = (ids: number[]) => sql`${sql.param(ids)}::int[]`;

/** The part of a watch request this viewer may see: posts and people neither suspended nor blocked either way. */
export async function visibleWatch(db: Db, viewerId: number, req: WatchRequest): Promise<WatchRequest> {
  const result = await db.execute<{
    posts: number[];
    people: number[];
    games: string[];
    communities: string[];
    channels: number[];
  }>(sql`select
    array(select ${media.id} from ${media} join ${users} on ${users.id} = ${media.userId}
      where ${media.id} = any(${intArray(req.posts)}) and ${users.suspendedAt} is null and ${postSeenBy(viewerId)}) as posts,
    array(select ${users.id} from ${users}
      where ${users.id} = any(${intArray(req.people)}) and ${users.suspendedAt} is null and not ${eitherBlocked(users.id, viewerId)}) as people,
    array(select ${games.slug} from ${games} where ${games.slug} = any(${sql.param(req.games)}::text[])) as games,
    array(select ${communities.slug} from ${communities} where ${communities.slug} = any(${sql.param(req.communities)}::text[])
      and ${seesContentSql(communities.id, viewerId)}) as communities,
    array(select r.id from chat_rooms r where r.id = any(${intArray(req.channels)}) and exists (select 1 from community_members m
      where m.community_id = r.community_id and m.user_id = ${viewerId})) as channels`);
  const row = result.rows[0]!;
  return { posts: row.posts, people: row.people, games: row.games, communities: row.communities, channels: row.channels, feed: req.feed };
}

/** The slugs of these games, by id. */
export async function gameSlugs(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: number; slug: string }>(
    sql`select ${games.id} as id, ${games.slug} as slug from ${games} where ${games.id} = any(${intArray(ids)})`,
  );
  return new Map(result.rows.map((r) => [r.id, r.slug]));
}

/** The slugs of these communities, by id. */
export async function communitySlugsOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: number; slug: string }>(
    sql`select ${communities.id} as id, ${communities.slug} as slug from ${communities} where ${communities.id} = any(${intArray(ids)})`,
  );
  return new Map(result.rows.map((r) => [r.id, r.slug]));
}

export type PostFacts = { id: number; authorId: number; likes: number; commentCount: number };

/** The counts of these posts, leaving out those gone or by a suspended author. */
export async function postFacts(db: Db, ids: number[]): Promise<PostFacts[]> {
  const result = await db.execute<{ id: number; author_id: number; likes: number; comment_count: number }>(sql`
    select ${media.id} as id, ${media.userId} as author_id, ${media.likesCount} as likes, ${media.commentsCount} as comment_count
    from ${media} join ${users} on ${users.id} = ${media.userId}
    where ${media.id} = any(${intArray(ids)}) and ${users.suspendedAt} is null`);
  return result.rows.map((r) => ({ id: r.id, authorId: r.author_id, likes: r.likes, commentCount: r.comment_count }));
}

export type ProfileCounts = { userId: number; followers: number; following: number; friends: number };

/** Exact counts (hidden people included, as on the profile itself) of these people, leaving out the suspended. */
export async function profileCounts(db: Db, ids: number[]): Promise<ProfileCounts[]> {
  const result = await db.execute<{ id: number; followers: number; following: number; friends: number }>(sql`
    select ${users.id} as id,
      (select count(*)::int from ${follows} where ${follows.followeeId} = ${users.id}) as followers,
      (select count(*)::int from ${follows} where ${follows.followerId} = ${users.id}) as following,
      (select count(*)::int from ${friendships} where ${friendships.status} = 'accepted'
        and (${friendships.requesterId} = ${users.id} or ${friendships.addresseeId} = ${users.id})) as friends
    from ${users} where ${users.id} = any(${intArray(ids)}) and ${users.suspendedAt} is null`);
  return result.rows.map((r) => ({ userId: r.id, followers: r.followers, following: r.following, friends: r.friends }));
}

/** Everyone blocked either way with each of these people (who must hear nothing of them). */
export async function blockedWith(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return found;
  const result = await db.execute<{ a: number; b: number }>(sql`
    select ${blocks.blockerId} as a, ${blocks.blockedId} as b from ${blocks}
    where ${blocks.blockerId} = any(${intArray(ids)}) or ${blocks.blockedId} = any(${intArray(ids)})`);
  for (const { a, b } of result.rows) {
    found.get(a)?.push(b);
    found.get(b)?.push(a);
  }
  return found;
}
