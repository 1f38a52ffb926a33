/** NOTE: one-way follows (ADR 011). Following is idempotent; following yourself is refused. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { PersonRef } from '../../shared/api-types.ts';
import { PEOPLE_LIST_LIMIT } from '../../shared/constants.ts';
import type { Db } from '../db/client.ts';
import { follows, users } from '../db/schema/index.ts';
import { badRequest } from './errors.ts';

export function createFollowsService(db: Db) {
  const people = (column: 'followerId' | 'followeeId', other: 'followerId' | 'followeeId', userId: number): Promise<PersonRef[]> =>
    db
      .select({ user_id: users.id, username: users.username })
      .from(follows)
      .innerJoin(users, eq(users.id, follows[other]))
      .where(eq(follows[column], userId))
      .orderBy(desc(follows.createdAt))
      .limit(PEOPLE_LIST_LIMIT);
  const countWhere = async (column: 'followerId' | 'followeeId', userId: number) =>
    (await db.select({ n: count() }).from(follows).where(eq(follows[column], userId)))[0]?.n ?? 0;

  return {
    followers: (userId: number) => people('followeeId', 'followerId', userId),
    following: (userId: number) => people('followerId', 'followeeId', userId),
    followersCount: (userId: number) => countWhere('followeeId', userId),
    followingCount: (userId: number) => countWhere('followerId', userId),
    async isFollowing(followerId: number, followeeId: number): Promise<boolean> {
      const rows = await db
        .select({ one: follows.followerId })
        .from(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
      return rows.length > 0;
    },
    async setFollowing(followerId: number, followeeId: number, on: boolean): Promise<void> {
      if (followerId === followeeId) throw badRequest('You cannot follow yourself');
      if (on) await db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing();
      else await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
    },
  };
}

export type FollowsService = ReturnType<typeof createFollowsService>;
