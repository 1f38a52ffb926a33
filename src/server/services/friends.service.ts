/**
 * NOTE: friend requests (spec §4 "Friendship status", ADR 011). One row per pair; the addressee alone accepts or
 * rejects (anyone else gets 404). A request follows the addressee; acceptance makes both follow each other.
 * Notifications are sent after the transaction commits.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Friend, FriendshipStatus } from '../../shared/api-types.ts';
import type { Db } from '../db/client.ts';
import { follows, friendships, users, type FriendshipRow } from '../db/schema/index.ts';
import { ServiceError, badRequest, conflict } from './errors.ts';
import type { NotificationsService } from './notifications.service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Person = { id: number; username: string };
const UNIQUE_VIOLATION = '23505';
const notFound = () => new ServiceError(404, 'Friend request not found');
const pairOf = (a: number, b: number) =>
  or(
    and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
    and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
  );
const isUniqueViolation = (err: unknown) =>
  (err as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION || (err as { code?: string }).code === UNIQUE_VIOLATION;

export function createFriendsService(deps: { db: Db; notifications: NotificationsService }) {
  const { db, notifications } = deps;
  const follow = (tx: Tx, followerId: number, followeeId: number) =>
    tx.insert(follows).values({ followerId, followeeId }).onConflictDoNothing();

  async function personByName(username: string): Promise<Person> {
    const [row] = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
    if (!row) throw new ServiceError(404, 'User not found');
    return row;
  }

  async function acceptRow(tx: Tx, row: FriendshipRow) {
    await tx.update(friendships).set({ status: 'accepted', respondedAt: new Date() }).where(eq(friendships.id, row.id));
    await follow(tx, row.requesterId, row.addresseeId);
    await follow(tx, row.addresseeId, row.requesterId);
  }

  async function announceAcceptance(requester: Person, accepter: Person) {
    const title = 'Accepted Friend Request';
    await notifications.notify(requester.id, 'friend_request_accepted', {
      receiver_id: accepter.id,
      receiver_username: accepter.username,
      title,
      message: `${accepter.username} accepted your friend request`,
    });
    await notifications.notify(
      accepter.id,
      'friend_request_accepted',
      { sender_id: requester.id, sender_username: requester.username, title, message: `You accepted ${requester.username} friend request` },
      { viewed: true },
    );
  }

  async function sendOnce(me: Person, other: Person) {
    return db.transaction(async (tx) => {
      const [existing] = await tx.select().from(friendships).where(pairOf(me.id, other.id)).for('update');
      if (existing?.status === 'accepted') throw conflict('You are already friends');
      if (existing && existing.requesterId === me.id) throw conflict('Friend request already sent');
      if (existing) {
        await acceptRow(tx, existing);
        return { row: existing, accepted: true };
      }
      const [row] = await tx.insert(friendships).values({ requesterId: me.id, addresseeId: other.id }).returning();
      await follow(tx, me.id, other.id);
      return { row: row!, accepted: false };
    });
  }

  return {
    /** Sends a request, or accepts theirs when they already asked (ADR 011). */
    async request(me: Person, username: string) {
      const other = await personByName(username);
      if (other.id === me.id) throw badRequest('You cannot send a friend request to yourself');
      let outcome;
      try {
        outcome = await sendOnce(me, other);
      } catch (err) {
        // The other side inserted at the same moment: the pair now exists, so answer as the second asker.
        if (!isUniqueViolation(err)) throw err;
        outcome = await sendOnce(me, other);
      }
      if (outcome.accepted) await announceAcceptance(other, me);
      else
        await notifications.notify(other.id, 'friend_request', {
          sender_id: me.id,
          sender_username: me.username,
          title: 'Friend Request',
          message: `${me.username} sent you a friend request`,
        });
      return { request_id: outcome.row.id, status: outcome.accepted ? ('accepted' as const) : ('pending' as const) };
    },

    async accept(me: Person, requestId: number): Promise<{ request_id: number; friend: Friend }> {
      const requester = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(friendships)
          .where(and(eq(friendships.id, requestId), eq(friendships.addresseeId, me.id), eq(friendships.status, 'pending')))
          .for('update');
        if (!row) throw notFound();
        await acceptRow(tx, row);
        const [person] = await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, row.requesterId));
        return person!;
      });
      await announceAcceptance(requester, me);
      return { request_id: requestId, friend: { friend_id: requester.id, username: requester.username } };
    },

    async reject(me: Person, requestId: number): Promise<void> {
      const deleted = await db
        .delete(friendships)
        .where(and(eq(friendships.id, requestId), eq(friendships.addresseeId, me.id), eq(friendships.status, 'pending')))
        .returning({ id: friendships.id });
      if (deleted.length === 0) throw notFound();
    },

    async list(userId: number): Promise<Friend[]> {
      const otherId = sql<number>`case when ${friendships.requesterId} = ${userId} then ${friendships.addresseeId} else ${friendships.requesterId} end`;
      return db
        .select({ friend_id: users.id, username: users.username })
        .from(friendships)
        .innerJoin(users, eq(users.id, otherId))
        .where(and(eq(friendships.status, 'accepted'), or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId))))
        .orderBy(asc(sql`lower(${users.username})`));
    },

    async relationship(
      viewerId: number,
      otherId: number,
    ): Promise<{ friendship_status: FriendshipStatus; friendship_id: number | null; friend_request_from: number | null }> {
      const [row] = await db.select().from(friendships).where(pairOf(viewerId, otherId));
      if (!row) return { friendship_status: 'none', friendship_id: null, friend_request_from: null };
      return { friendship_status: row.status, friendship_id: row.id, friend_request_from: row.requesterId };
    },
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
