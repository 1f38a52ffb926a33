/**
 * NOTE: who plays in a post's party (ADR 052). Every change locks the post row first, so two of them never
 * interleave (two accepts for the last slot, a join racing a close). Rules:
 * - Only the host accepts, declines or closes (403 for others who see the post; 404 for those who do not).
 * - Requests are for live posts with a free slot; someone blocked either way with the host, or with a player
 *   already in, cannot join (the host's side is 404, as the post does not exist for them).
 * - Acceptance puts the player into the party's chat; leaving takes them out and frees the slot (a player blocked
 *   with the host since still may: they are found by membership, not by what they may see). The chat's
 *   membership follows the post while it runs (chat-access.service.ts refuses changes made there).
 * - Each change tells the people concerned (notifications) and every involved screen (`lfg_changed`).
 */
import { and, eq } from 'drizzle-orm';
import type { LfgJoinResponse } from '../../../shared/lfg-types.ts';
import type { NotificationType } from '../../../shared/api-types.ts';
import type { Db } from '../../db/client.ts';
import { chatParticipants, chatRooms, lfgMembers, lfgPosts, users, type LfgPostRow } from '../../db/schema/index.ts';
import { transaction, type AfterCommit, type Tx } from '../../db/transaction.ts';
import { ServiceError, badRequest, conflict } from '../../errors.ts';
import { blockedAmong } from '../social/blocks.queries.ts';
import type { EventBus } from '../event-bus.ts';
import type { createNotificationsService } from '../notifications/notifications.service.ts';
import type { Person } from '../profiles/people.queries.ts';
import { lockPost, memberRow, peopleOf, postFor } from './lfg.queries.ts';
import { lfgNotFound } from './lfg.service.ts';

type Notifications = ReturnType<typeof createNotificationsService>;
const HOST_ONLY = 'Only the host can do that';
const NOT_OPEN = 'This group is no longer open';
const FULL = 'This group is full';
const REQUEST_NOT_FOUND = 'Request not found';

const isRunning = (post: LfgPostRow) => post.status === 'open' && post.endsAt.getTime() > Date.now();

export function createLfgPartyService(deps: { db: Db; bus: EventBus; notifications: Notifications }) {
  const { db, bus, notifications } = deps;

  /** The post locked, after checking the caller may see it (404 otherwise). */
  async function locked(tx: Tx, me: number, postId: number) {
    const seen = await postFor(tx, me, postId);
    if (!seen) throw lfgNotFound();
    const post = await lockPost(tx, postId);
    if (!post) throw lfgNotFound();
    return { post, seen };
  }

  async function asHost(tx: Tx, me: number, postId: number) {
    const { post } = await locked(tx, me, postId);
    if (post.hostId !== me) throw new ServiceError(403, HOST_ONLY);
    return post;
  }

  async function partyIds(tx: Tx, post: LfgPostRow): Promise<number[]> {
    return [post.hostId, ...(await peopleOf(tx, post.id, 'accepted')).map((p) => p.user_id)];
  }

  async function tell(
    tx: Tx,
    afterCommit: AfterCommit,
    to: number,
    type: NotificationType,
    post: LfgPostRow,
    sender: Person,
  ): Promise<void> {
    const data = { lfg_id: post.id, title: post.title, sender_id: sender.id, sender_username: sender.username };
    afterCommit((await notifications.store(tx, to, type, data, { subjectId: post.id })).push);
  }

  /** Tells every screen showing the post to read it again. */
  const changed = (afterCommit: AfterCommit, ids: number[], postId: number) =>
    afterCommit(() => bus.toUsers([...new Set(ids)], 'lfg_changed', { lfg_id: postId }));

  /** Puts the player into the party's chat (the history before them counts as read). */
  async function seat(tx: Tx, afterCommit: AfterCommit, post: LfgPostRow, player: Person): Promise<void> {
    if (post.roomId === null) return;
    const [room] = await tx.select().from(chatRooms).where(eq(chatRooms.id, post.roomId)).for('update');
    if (!room) return;
    await tx
      .insert(chatParticipants)
      .values({ roomId: room.id, userId: player.id, lastReadMessageId: room.lastMessageId ?? 0 })
      .onConflictDoNothing();
    const everyone = (
      await tx.select({ id: chatParticipants.userId }).from(chatParticipants).where(eq(chatParticipants.roomId, room.id))
    ).map((r) => r.id);
    const newUser = { id: player.id, username: player.username };
    afterCommit(() => bus.toUsers(everyone, 'user_added_to_chat', { room_id: room.id, new_user: newUser, owner_id: room.ownerId }));
  }

  async function unseat(tx: Tx, afterCommit: AfterCommit, post: LfgPostRow, player: Person): Promise<void> {
    if (post.roomId === null) return;
    const [room] = await tx.select().from(chatRooms).where(eq(chatRooms.id, post.roomId)).for('update');
    if (!room) return;
    const gone = await tx
      .delete(chatParticipants)
      .where(and(eq(chatParticipants.roomId, room.id), eq(chatParticipants.userId, player.id)))
      .returning();
    if (gone.length === 0) return;
    const stay = (await tx.select({ id: chatParticipants.userId }).from(chatParticipants).where(eq(chatParticipants.roomId, room.id))).map(
      (r) => r.id,
    );
    const leftUser = { id: player.id, username: player.username };
    afterCommit(() => {
      bus.toUsers([player.id], 'left_chat', { room_id: room.id, left_user: leftUser });
      bus.toUsers(stay, 'user_left_chat', { room_id: room.id, left_user: leftUser, owner_id: room.ownerId });
    });
  }

  /** Takes a withdrawn request's notification out of the host's bell (asking again then shows one, not two). */
  async function withdrawNotice(tx: Tx, afterCommit: AfterCommit, post: LfgPostRow, userId: number): Promise<void> {
    afterCommit(await notifications.withdraw(tx, post.hostId, 'lfg_request', { actorId: userId, subjectId: post.id }));
  }

  /** The host's answer to a request: the request row locked with the post, or 404. */
  async function request(tx: Tx, post: LfgPostRow, userId: number) {
    const row = await memberRow(tx, post.id, userId);
    if (!row || row.state !== 'requested' || (await blockedAmong(tx, post.hostId, [userId])).length > 0) {
      throw new ServiceError(404, REQUEST_NOT_FOUND);
    }
    return row;
  }

  return {
    async join(me: Person, postId: number, message: string): Promise<LfgJoinResponse> {
      return transaction(db, async (tx, afterCommit) => {
        const { post } = await locked(tx, me.id, postId);
        if (post.hostId === me.id) throw badRequest('You are the host of this group');
        const mine = await memberRow(tx, postId, me.id);
        if (mine?.state === 'accepted') throw conflict('You are already in this group');
        if (mine?.state === 'requested') throw conflict('You already asked to join this group');
        if (mine?.state === 'declined') throw conflict('The host declined your request to join this group');
        if (!isRunning(post)) throw conflict(NOT_OPEN);
        const players = (await peopleOf(tx, postId, 'accepted')).map((p) => p.user_id);
        if (players.length >= post.slots) throw conflict(FULL);
        if ((await blockedAmong(tx, me.id, players)).length > 0) throw new ServiceError(403, "You can't join this group");
        await tx.insert(lfgMembers).values({ postId, userId: me.id, state: 'requested', message });
        await tell(tx, afterCommit, post.hostId, 'lfg_request', post, me);
        changed(afterCommit, [post.hostId, me.id], postId);
        return { status: 'requested' as const };
      });
    },

    async accept(me: Person, postId: number, userId: number): Promise<void> {
      await transaction(db, async (tx, afterCommit) => {
        const post = await asHost(tx, me.id, postId);
        const row = await request(tx, post, userId);
        if (!isRunning(post)) throw conflict(NOT_OPEN);
        const players = (await peopleOf(tx, postId, 'accepted')).map((p) => p.user_id);
        if (players.length >= post.slots) throw conflict(FULL);
        if ((await blockedAmong(tx, userId, players)).length > 0) throw conflict('This player can no longer join this group');
        await tx
          .update(lfgMembers)
          .set({ state: 'accepted' })
          .where(and(eq(lfgMembers.postId, postId), eq(lfgMembers.userId, row.userId)));
        const [player] = await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId));
        // Their account went while the host answered.
        if (!player) throw new ServiceError(404, REQUEST_NOT_FOUND);
        await seat(tx, afterCommit, post, player);
        await tell(tx, afterCommit, userId, 'lfg_accepted', post, me);
        changed(afterCommit, [...players, me.id, userId], postId);
      });
    },

    async decline(me: Person, postId: number, userId: number): Promise<void> {
      await transaction(db, async (tx, afterCommit) => {
        const post = await asHost(tx, me.id, postId);
        await request(tx, post, userId);
        await tx
          .update(lfgMembers)
          .set({ state: 'declined' })
          .where(and(eq(lfgMembers.postId, postId), eq(lfgMembers.userId, userId)));
        await tell(tx, afterCommit, userId, 'lfg_declined', post, me);
        changed(afterCommit, [me.id, userId], postId);
      });
    },

    /**
     * A player leaves (their slot frees, the post opens again) or withdraws their request (its notification leaves
     * the host's bell). Found by membership: a player blocked with the host since can still leave.
     */
    async leave(me: Person, postId: number): Promise<void> {
      await transaction(db, async (tx, afterCommit) => {
        const post = await lockPost(tx, postId);
        if (!post) throw lfgNotFound();
        if (post.hostId === me.id) throw badRequest('The host closes the group instead of leaving it');
        const mine = await memberRow(tx, postId, me.id);
        if (!mine || mine.state === 'declined') {
          // Someone who sees the post learns they are not in it; for anyone else it does not exist.
          if (await postFor(tx, me.id, postId)) throw conflict('You are not in this group');
          throw lfgNotFound();
        }
        await tx.delete(lfgMembers).where(and(eq(lfgMembers.postId, postId), eq(lfgMembers.userId, me.id)));
        if (mine.state === 'accepted') await unseat(tx, afterCommit, post, me);
        else await withdrawNotice(tx, afterCommit, post, me.id);
        changed(afterCommit, [...(await partyIds(tx, post)), me.id], postId);
      });
    },

    /** The host closes the post: it leaves the lists, its players are told, the chat stays. */
    async close(me: Person, postId: number): Promise<void> {
      await transaction(db, async (tx, afterCommit) => {
        const post = await asHost(tx, me.id, postId);
        if (!isRunning(post)) throw conflict(NOT_OPEN);
        await tx.update(lfgPosts).set({ status: 'closed' }).where(eq(lfgPosts.id, postId));
        const players = (await peopleOf(tx, postId, 'accepted')).map((p) => p.user_id);
        for (const id of players) await tell(tx, afterCommit, id, 'lfg_closed', post, me);
        const waiting = (await peopleOf(tx, postId, 'requested')).map((p) => p.user_id);
        changed(afterCommit, [me.id, ...players, ...waiting], postId);
      });
    },
  };
}

export type LfgPartyService = ReturnType<typeof createLfgPartyService>;
