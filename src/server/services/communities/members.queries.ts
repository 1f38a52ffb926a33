/**
 * NOTE: the SQL of membership (ADR 049): members with roles, join requests, bans and invites. Lists page by keyset
 * on their index and leave out suspended accounts and anyone blocked either way with the viewer, in the same SQL.
 * Callers hold the community's row lock (lockedStanding) for changes, so two requests never race one person.
 */
import { and, asc, eq, gt, inArray, isNull, or, sql, type AnyColumn, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CommunityBan, CommunityMember, JoinRequest } from '../../../shared/community-types.ts';
import type { CommunityRole } from '../../../shared/community-values.ts';
import {
  chatMessages,
  communities,
  communityBans,
  communityInvites,
  communityMembers,
  communityRequests,
  profilePictures,
  users,
} from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';

const person = {
  user_id: users.id,
  username: users.username,
  has_picture: sql<boolean>`exists (select 1 from ${profilePictures} where ${profilePictures.userId} = ${users.id})`,
};
/** A ban that has not ended (null `ends_at`: until lifted). */
export const banRunning = or(isNull(communityBans.endsAt), gt(communityBans.endsAt, sql`now()`));

type SqlSide = number | SQLWrapper | AnyColumn | Placeholder;
/**
 * The SQL twin of access.ts's `seesContent`: whether `viewer` sees the posts, members and channels of the community
 * `communityId` (a member; anyone not banned when it is public). For the WHERE of queries that read many at once.
 */
export const seesContentSql = (communityId: SqlSide, viewer: SqlSide): SQL => sql`(exists (select 1 from ${communityMembers}
    where ${communityMembers.communityId} = ${communityId} and ${communityMembers.userId} = ${viewer})
  or exists (select 1 from ${communities} where ${communities.id} = ${communityId} and ${communities.visibility} = 'public'
    and not exists (select 1 from ${communityBans} where ${communityBans.communityId} = ${communityId}
      and ${communityBans.userId} = ${viewer} and ${banRunning})))`;
const visibleTo = (viewerId: number) => and(isNull(users.suspendedAt), sql`not ${eitherBlocked(users.id, viewerId)}`);

export async function addMember(tx: Tx, communityId: number, userId: number, role: CommunityRole = 'member'): Promise<void> {
  // The read floor: channel messages written before they joined are not unread for them (chat-rooms.queries.ts).
  const chatReadFloor = sql`(select coalesce(max(${chatMessages.id}), 0) from ${chatMessages})`;
  await tx.insert(communityMembers).values({ communityId, userId, role, chatReadFloor }).onConflictDoNothing();
  await tx.delete(communityRequests).where(and(eq(communityRequests.communityId, communityId), eq(communityRequests.userId, userId)));
}

export async function removeMember(tx: Tx, communityId: number, userId: number): Promise<boolean> {
  const gone = await tx
    .delete(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .returning({ userId: communityMembers.userId });
  return gone.length > 0;
}

export async function roleOf(exec: Executor, communityId: number, userId: number): Promise<CommunityRole | null> {
  const [row] = await exec
    .select({ role: communityMembers.role })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
  return row?.role ?? null;
}

export async function setRole(tx: Tx, communityId: number, userId: number, role: CommunityRole): Promise<void> {
  await tx
    .update(communityMembers)
    .set({ role })
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
}

/** Members by role (owner, moderators, members), then who joined first; `after` is the last row's keyset. */
export async function membersPage(
  exec: Executor,
  communityId: number,
  viewerId: number,
  after: readonly [number, string, number] | null,
  limit: number,
): Promise<Array<CommunityMember & { key: [number, string, number] }>> {
  const rows = await exec
    .select({
      ...person,
      role: communityMembers.role,
      rank: communityMembers.rank,
      joinedAt: communityMembers.joinedAt,
      joined: sql<string>`${communityMembers.joinedAt}::text`,
    })
    .from(communityMembers)
    .innerJoin(users, eq(users.id, communityMembers.userId))
    .where(
      and(
        eq(communityMembers.communityId, communityId),
        visibleTo(viewerId),
        after
          ? sql`(${communityMembers.rank}, ${communityMembers.joinedAt}, ${communityMembers.userId}) > (${after[0]}, ${after[1]}::timestamptz, ${after[2]})`
          : undefined,
      ),
    )
    .orderBy(asc(communityMembers.rank), asc(communityMembers.joinedAt), asc(communityMembers.userId))
    .limit(limit);
  return rows.map(({ rank, joined, joinedAt, ...member }) => ({
    ...member,
    joined_at: joinedAt.toISOString(),
    key: [rank, joined, member.user_id],
  }));
}

/** Who should inherit a community: the longest-serving moderator, else the member who joined first. */
export async function successorOf(exec: Executor, communityId: number, ownerId: number): Promise<number | null> {
  const [row] = await exec
    .select({ userId: communityMembers.userId })
    .from(communityMembers)
    .innerJoin(users, eq(users.id, communityMembers.userId))
    .where(and(eq(communityMembers.communityId, communityId), sql`${communityMembers.userId} <> ${ownerId}`, isNull(users.suspendedAt)))
    .orderBy(asc(communityMembers.rank), asc(communityMembers.joinedAt), asc(communityMembers.userId))
    .limit(1);
  return row?.userId ?? null;
}

export async function addRequest(tx: Tx, communityId: number, userId: number): Promise<void> {
  await tx.insert(communityRequests).values({ communityId, userId }).onConflictDoNothing();
}

export async function removeRequest(tx: Tx, communityId: number, userId: number): Promise<boolean> {
  const gone = await tx
    .delete(communityRequests)
    .where(and(eq(communityRequests.communityId, communityId), eq(communityRequests.userId, userId)))
    .returning({ userId: communityRequests.userId });
  return gone.length > 0;
}

/** Waiting requests, oldest first. */
export async function requestsPage(
  exec: Executor,
  communityId: number,
  viewerId: number,
  after: readonly [string, number] | null,
  limit: number,
): Promise<Array<JoinRequest & { key: [string, number] }>> {
  const rows = await exec
    .select({ ...person, createdAt: communityRequests.createdAt, requested: sql<string>`${communityRequests.createdAt}::text` })
    .from(communityRequests)
    .innerJoin(users, eq(users.id, communityRequests.userId))
    .where(
      and(
        eq(communityRequests.communityId, communityId),
        visibleTo(viewerId),
        after ? sql`(${communityRequests.createdAt}, ${communityRequests.userId}) > (${after[0]}::timestamptz, ${after[1]})` : undefined,
      ),
    )
    .orderBy(asc(communityRequests.createdAt), asc(communityRequests.userId))
    .limit(limit);
  return rows.map(({ requested, createdAt, ...request }) => ({
    ...request,
    requested_at: createdAt.toISOString(),
    key: [requested, request.user_id],
  }));
}

/** Bans, or replaces an ended one; `endsAt` null bans until lifted. */
export async function putBan(
  tx: Tx,
  values: { communityId: number; userId: number; reason: string; bannedBy: number; endsAt: Date | null },
): Promise<void> {
  await tx
    .insert(communityBans)
    .values(values)
    .onConflictDoUpdate({
      target: [communityBans.communityId, communityBans.userId],
      set: { reason: values.reason, bannedBy: values.bannedBy, endsAt: values.endsAt, createdAt: sql`now()` },
    });
}

export async function liftBan(tx: Tx, communityId: number, userId: number): Promise<boolean> {
  const gone = await tx
    .delete(communityBans)
    .where(and(eq(communityBans.communityId, communityId), eq(communityBans.userId, userId), banRunning))
    .returning({ userId: communityBans.userId });
  return gone.length > 0;
}

/** Bans still running, newest first (moderators; a community bans few people). */
export async function runningBans(exec: Executor, communityId: number): Promise<CommunityBan[]> {
  const rows = await exec
    .select({ ...person, reason: communityBans.reason, endsAt: communityBans.endsAt, createdAt: communityBans.createdAt })
    .from(communityBans)
    .innerJoin(users, eq(users.id, communityBans.userId))
    .where(and(eq(communityBans.communityId, communityId), banRunning))
    .orderBy(sql`${communityBans.createdAt} desc`)
    .limit(500);
  return rows.map(({ endsAt, createdAt, ...ban }) => ({
    ...ban,
    ends_at: endsAt?.toISOString() ?? null,
    banned_at: createdAt.toISOString(),
  }));
}

export async function insertInvite(
  tx: Tx,
  values: { communityId: number; code: string; createdBy: number; maxUses: number; expiresAt: Date },
): Promise<typeof communityInvites.$inferSelect> {
  const [row] = await tx.insert(communityInvites).values(values).returning();
  return row!;
}

const usable = (code: string) =>
  and(
    eq(communityInvites.code, code),
    gt(communityInvites.expiresAt, sql`now()`),
    sql`${communityInvites.uses} < ${communityInvites.maxUses}`,
  );

/** An invite that can still be used (not expired, uses left). */
export async function usableInvite(exec: Executor, code: string): Promise<typeof communityInvites.$inferSelect | undefined> {
  const [row] = await exec.select().from(communityInvites).where(usable(code));
  return row;
}

/** The same, locked for the use. */
export async function lockUsableInvite(tx: Tx, code: string): Promise<typeof communityInvites.$inferSelect | undefined> {
  const [row] = await tx.select().from(communityInvites).where(usable(code)).for('update');
  return row;
}

export async function useInvite(tx: Tx, inviteId: number): Promise<void> {
  await tx
    .update(communityInvites)
    .set({ uses: sql`${communityInvites.uses} + 1` })
    .where(eq(communityInvites.id, inviteId));
}

/** The owner and moderators, most senior first. */
export async function moderatorIds(exec: Executor, communityId: number, limit: number): Promise<number[]> {
  const rows = await exec
    .select({ id: communityMembers.userId })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), inArray(communityMembers.role, ['owner', 'moderator'])))
    .orderBy(asc(communityMembers.rank), asc(communityMembers.joinedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function usernameOf(exec: Executor, userId: number): Promise<string | null> {
  const [row] = await exec.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? null;
}

/** The username of a person who is not suspended, or null. */
export async function activeUsername(exec: Executor, userId: number): Promise<string | null> {
  const [row] = await exec
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)));
  return row?.username ?? null;
}
