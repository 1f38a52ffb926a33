/**
 * NOTE: one-way follows (ADR 011). Anyone may follow or unfollow anyone but themselves; both calls are idempotent.
 * `follow(followerId, followeeId, tx?)` is the one way to insert a follow: friend requests call it inside their
 * own transaction. Following someone blocked either way is refused (403, ADR 021); unfollowing always works.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { requireInteraction } from './blocks.service.ts';
import { badRequest } from '../../errors.ts';
import { findPerson, type Person } from '../profiles/people.queries.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type FollowOutcome = { username: string; is_following: boolean; followers_count: number };

export function createFollowsService(deps: { db: Db }) {
  const { db } = deps;

  const followersCount = async (userId: number) => {
    const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followeeId, userId));
    return row?.n ?? 0;
  };

  async function follow(followerId: number, followeeId: number, tx: Db | Tx = db): Promise<void> {
    await tx.insert(follows).values({ followerId, followeeId }).onConflictDoNothing();
  }

  async function unfollow(followerId: number, followeeId: number): Promise<void> {
    await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  }

  return {
    follow,
    unfollow,
    /** The follow/unfollow calls: by username, answering the state after the change (FollowResponse). */
    async setFollowing(me: Person, username: string, following: boolean): Promise<FollowOutcome> {
      const other = await findPerson(db, username);
      if (other.id === me.id) throw badRequest('You cannot follow yourself');
      if (following) {
        await transaction(db, async (tx) => {
          await requireInteraction(tx, me.id, other.id, { tx });
          await follow(me.id, other.id, tx);
        });
      } else {
        await unfollow(me.id, other.id);
      }
      return { username: other.username, is_following: following, followers_count: await followersCount(other.id) };
    },
  };
}

export type FollowsService = ReturnType<typeof createFollowsService>;
