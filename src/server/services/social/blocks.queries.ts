/**
 * NOTE: the SQL of blocking (ADR 021). `eitherBlocked(a, b)` is the one fragment every query that lists people,
 * posts, comments or notifications puts in its own WHERE (`not ${eitherBlocked(...)}`), so hidden rows are gone
 * before LIMIT and paging, never filtered afterwards. `a` and `b` may be ids, columns or prepared-statement
 * placeholders. One row hides both ways; the direction only says who may lift it.
 */
import { and, desc, eq, inArray, or, sql, type AnyColumn, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { BlockedUser } from '../../../shared/api-types.ts';
import { blocks, follows, friendships, notifications, users } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { pairIs } from './friendships.queries.ts';

type Side = number | SQLWrapper | AnyColumn | Placeholder;

/** True when either of the two blocked the other (both index directions are covered). */
export const eitherBlocked = (a: Side, b: Side): SQL =>
  sql`(exists (select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b})
    or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a})))`;

/** Who blocked whom between two people: `mine` when `me` blocked `other`, `theirs` when `other` blocked `me`. */
export async function blockBetween(exec: Executor, me: number, other: number): Promise<{ mine: boolean; theirs: boolean }> {
  const rows = await exec
    .select({ blocker: blocks.blockerId })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, me), eq(blocks.blockedId, other)), and(eq(blocks.blockerId, other), eq(blocks.blockedId, me))));
  return { mine: rows.some((r) => r.blocker === me), theirs: rows.some((r) => r.blocker === other) };
}

/** Which of `others` are blocked either way with `me` (empty: all may interact). */
export async function blockedAmong(exec: Executor, me: number, others: number[]): Promise<number[]> {
  if (others.length === 0) return [];
  const rows = await exec
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, others), eitherBlocked(users.id, me)));
  return rows.map((r) => r.id);
}

/**
 * Serialises a write between two people against a block of the pair: interactions take the shared lock, a block
 * the exclusive one. Without it a follow or request checked just before a block commits could land after it.
 */
export async function lockPair(tx: Tx, a: number, b: number, mode: 'shared' | 'exclusive'): Promise<void> {
  const fn = mode === 'shared' ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  await tx.execute(sql`select ${fn}(${Math.min(a, b)}::int, ${Math.max(a, b)}::int)`);
}

export async function insertBlock(tx: Tx, blockerId: number, blockedId: number): Promise<void> {
  await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(exec: Executor, blockerId: number, blockedId: number): Promise<void> {
  await exec.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/**
 * Ends everything between the two: the friendship or pending request (either way), the follows both ways, and
 * the notifications of the deleted requests. Answers the removed notifications so their recipients can be told.
 */
export async function severPair(tx: Tx, a: number, b: number): Promise<Array<{ id: number; userId: number }>> {
  const ended = await tx.delete(friendships).where(pairIs(a, b)).returning({ id: friendships.id, status: friendships.status });
  await tx
    .delete(follows)
    .where(or(and(eq(follows.followerId, a), eq(follows.followeeId, b)), and(eq(follows.followerId, b), eq(follows.followeeId, a))));
  const pending = ended.filter((f) => f.status === 'pending').map((f) => f.id);
  return pending.length === 0 ? [] : deleteRequestNotifications(tx, pending);
}

/** Deletes the `friend_request` notifications of these requests; answers what went (to tell the bell). */
export function deleteRequestNotifications(exec: Executor, requestIds: number[]) {
  return exec
    .delete(notifications)
    .where(and(eq(notifications.type, 'friend_request'), inArray(notifications.subjectId, requestIds)))
    .returning({ id: notifications.id, userId: notifications.userId });
}

export async function listBlocked(exec: Executor, blockerId: number, limit: number): Promise<BlockedUser[]> {
  const rows = await exec
    .select({ user_id: users.id, username: users.username, createdAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(limit);
  return rows.map((r) => ({ user_id: r.user_id, username: r.username, blocked_at: r.createdAt.toISOString() }));
}
