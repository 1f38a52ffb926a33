/**
 * NOTE: friend requests (spec §4 "Friendship status", ADR 011). One row per unordered pair; only the addressee
 * accepts or rejects it (for anyone else it does not exist: 404). A request makes the requester follow the
 * addressee; acceptance makes both follow each other. A change, its follows and its notification rows commit
 * together, and the live pushes go out only after the commit. People blocked either way cannot ask or accept (403,
 * ADR 021). Unfriending ends the friendship and the follows both ways that came with it; only the sender cancels
 * a pending request, and its notification is withdrawn from the addressee's bell.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Friend, FriendRequestResponse, FriendshipStatus } from '../../../shared/api-types.ts';
import type { Db } from '../../db/client.ts';
import { follows, friendships, users } from '../../db/schema/index.ts';
import { isUniqueViolation, transaction, type AfterCommit, type Tx } from '../../db/transaction.ts';
import { deleteRequestNotifications } from './blocks.queries.ts';
import { requireInteraction } from './blocks.service.ts';
import type { EventBus } from '../event-bus.ts';
import { ServiceError, badRequest, conflict } from '../../errors.ts';
import type { FollowsService } from './follows.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { pairIs } from './friendships.queries.ts';
import { findPerson, type Person } from '../profiles/people.queries.ts';

export type Relationship = { friendship_status: FriendshipStatus; friendship_id: number | null; friend_request_from: number | null };

// Two tries suffice for opposite requests racing; a third covers a reject slipping in between.
const REQUEST_ATTEMPTS = 3;
const requestNotFound = () => new ServiceError(404, 'Friend request not found');
export const FRIEND_NOT_FOUND = 'Friend not found';
const pendingFor = (requestId: number, addresseeId: number) =>
  and(eq(friendships.id, requestId), eq(friendships.addresseeId, addresseeId), eq(friendships.status, 'pending'));

export function createFriendsService(deps: {
  db: Db;
  bus: EventBus;
  notifications: NotificationsService;
  follows: Pick<FollowsService, 'follow'>;
}) {
  const { db, bus, notifications } = deps;
  const { follow } = deps.follows;

  /** Marks the request accepted, makes the two follow each other and tells both (spec §2 texts). */
  async function acceptIn(tx: Tx, afterCommit: AfterCommit, requestId: number, requester: Person, accepter: Person) {
    await tx.update(friendships).set({ status: 'accepted', respondedAt: new Date() }).where(eq(friendships.id, requestId));
    await follow(requester.id, accepter.id, tx);
    await follow(accepter.id, requester.id, tx);
    const title = 'Accepted Friend Request';
    const toRequester = await notifications.store(tx, requester.id, 'friend_request_accepted', {
      receiver_id: accepter.id,
      receiver_username: accepter.username,
      title,
      message: `${accepter.username} accepted your friend request`,
    });
    // The accepter's own action: stored viewed so it never raises their badge.
    const toAccepter = await notifications.store(
      tx,
      accepter.id,
      'friend_request_accepted',
      { sender_id: requester.id, sender_username: requester.username, title, message: `You accepted ${requester.username} friend request` },
      { viewed: true },
    );
    afterCommit(toRequester.push);
    afterCommit(toAccepter.push);
  }

  async function sendIn(tx: Tx, afterCommit: AfterCommit, me: Person, other: Person): Promise<Omit<FriendRequestResponse, 'message'>> {
    await requireInteraction(tx, me.id, other.id, { tx });
    const [existing] = await tx.select().from(friendships).where(pairIs(me.id, other.id)).for('update');
    if (existing?.status === 'accepted') throw conflict('You are already friends');
    if (existing?.requesterId === me.id) throw conflict('Friend request already sent');
    if (existing) {
      await acceptIn(tx, afterCommit, existing.id, other, me);
      return { request_id: existing.id, status: 'accepted' };
    }
    const [row] = await tx.insert(friendships).values({ requesterId: me.id, addresseeId: other.id }).returning({ id: friendships.id });
    await follow(me.id, other.id, tx);
    const notice = await notifications.store(
      tx,
      other.id,
      'friend_request',
      {
        sender_id: me.id,
        sender_username: me.username,
        title: 'Friend Request',
        message: `${me.username} sent you a friend request`,
      },
      { subjectId: row!.id },
    );
    afterCommit(notice.push);
    return { request_id: row!.id, status: 'pending' };
  }

  return {
    /** Sends a request, or accepts theirs when they already asked (ADR 011). */
    async request(me: Person, username: string): Promise<Omit<FriendRequestResponse, 'message'>> {
      const other = await findPerson(db, username);
      if (other.id === me.id) throw badRequest('You cannot send a friend request to yourself');
      for (let attempt = 1; ; attempt++) {
        try {
          return await transaction(db, (tx, afterCommit) => sendIn(tx, afterCommit, me, other));
        } catch (err) {
          // The other side inserted the pair at the same moment: try again, now as the second asker.
          if (!isUniqueViolation(err) || attempt === REQUEST_ATTEMPTS) throw err;
        }
      }
    },

    async accept(me: Person, requestId: number): Promise<{ request_id: number; friend: Friend }> {
      const requester = await transaction(db, async (tx, afterCommit) => {
        const [row] = await tx
          .select({ id: users.id, username: users.username })
          .from(friendships)
          .innerJoin(users, eq(users.id, friendships.requesterId))
          .where(pendingFor(requestId, me.id))
          .for('update', { of: friendships });
        if (!row) throw requestNotFound();
        await requireInteraction(tx, me.id, row.id, { tx });
        await acceptIn(tx, afterCommit, requestId, row, me);
        return row;
      });
      return { request_id: requestId, friend: { friend_id: requester.id, username: requester.username } };
    },

    /** Deletes the pending request (the pair is back to none; the requester keeps following, ADR 011). */
    async reject(me: Person, requestId: number): Promise<void> {
      const deleted = await db.delete(friendships).where(pendingFor(requestId, me.id)).returning({ id: friendships.id });
      if (deleted.length === 0) throw requestNotFound();
    },

    /** Ends an accepted friendship and the follows both ways; 404 when the two are not friends. */
    async unfriend(me: Person, friendId: number): Promise<void> {
      await transaction(db, async (tx) => {
        const ended = await tx
          .delete(friendships)
          .where(and(pairIs(me.id, friendId), eq(friendships.status, 'accepted')))
          .returning({ id: friendships.id });
        if (ended.length === 0) throw new ServiceError(404, FRIEND_NOT_FOUND);
        await tx
          .delete(follows)
          .where(
            or(
              and(eq(follows.followerId, me.id), eq(follows.followeeId, friendId)),
              and(eq(follows.followerId, friendId), eq(follows.followeeId, me.id)),
            ),
          );
      });
    },

    /** The sender withdraws a pending request; the follow it made stays (as on rejection, ADR 011). */
    async cancel(me: Person, requestId: number): Promise<void> {
      await transaction(db, async (tx, afterCommit) => {
        const deleted = await tx
          .delete(friendships)
          .where(and(eq(friendships.id, requestId), eq(friendships.requesterId, me.id), eq(friendships.status, 'pending')))
          .returning({ id: friendships.id });
        if (deleted.length === 0) throw requestNotFound();
        for (const n of await deleteRequestNotifications(tx, [requestId])) {
          afterCommit(() => bus.toUsers([n.userId], 'notification_removed', { id: n.id }));
        }
      });
    },

    /** Accepted friends, alphabetical (case-insensitive). */
    /** One page, alphabetical; `after` is the last username of the previous page (usernames are unique, any case). */
    async list(userId: number, page: { limit: number; after?: string }): Promise<{ friends: Friend[]; next_cursor: string | null }> {
      const otherId = sql`case when ${friendships.requesterId} = ${userId} then ${friendships.addresseeId} else ${friendships.requesterId} end`;
      const rows = await db
        .select({ friend_id: users.id, username: users.username })
        .from(friendships)
        .innerJoin(users, eq(users.id, otherId))
        .where(
          and(
            eq(friendships.status, 'accepted'),
            or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
            page.after === undefined ? undefined : sql`lower(${users.username}) > lower(${page.after})`,
          ),
        )
        .orderBy(asc(sql`lower(${users.username})`))
        .limit(page.limit + 1);
      const friends = rows.slice(0, page.limit);
      return { friends, next_cursor: rows.length > page.limit ? friends.at(-1)!.username : null };
    },

    /** The spec's friendship fields of another user's profile, seen by `viewerId`. */
    async relationship(viewerId: number, otherId: number): Promise<Relationship> {
      const [row] = await db.select().from(friendships).where(pairIs(viewerId, otherId));
      if (!row) return { friendship_status: 'none', friendship_id: null, friend_request_from: null };
      return { friendship_status: row.status, friendship_id: row.id, friend_request_from: row.requesterId };
    },
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
