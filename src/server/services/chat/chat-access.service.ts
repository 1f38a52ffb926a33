/**
 * NOTE: the checks every chat call starts with (ADR 018). A room you are not in does not exist for you: 404
 * 'Chat not found', whatever the reason (unknown id, never invited, removed, left). Membership changes lock the
 * room row (`lockRoomOf`) so two of them never interleave (e.g. two people leaving while ownership passes on).
 */
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { ChatPerson } from '../../../shared/chat-types.ts';
import { chatParticipants, chatRooms, friendships, users, type ChatRoomRow } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { ServiceError, badRequest } from '../../errors.ts';

export const CHAT_NOT_FOUND = 'Chat not found';
export const chatNotFound = () => new ServiceError(404, CHAT_NOT_FOUND);
export const FRIENDS_ONLY = 'You can only chat with your friends';

type Membership = { room: ChatRoomRow; muted: boolean; lastReadMessageId: number };

/** The room and the caller's place in it, or 404. */
export async function membershipOf(exec: Executor, roomId: number, userId: number): Promise<Membership> {
  const [row] = await exec
    .select({ room: chatRooms, muted: chatParticipants.muted, lastReadMessageId: chatParticipants.lastReadMessageId })
    .from(chatParticipants)
    .innerJoin(chatRooms, eq(chatRooms.id, chatParticipants.roomId))
    .where(and(eq(chatParticipants.roomId, roomId), eq(chatParticipants.userId, userId)));
  if (!row) throw chatNotFound();
  return row;
}

/** Locks the room for a membership change, then checks the caller is in it (any kind of room). */
export async function lockRoomOf(tx: Tx, roomId: number, userId: number): Promise<ChatRoomRow> {
  const [locked] = await tx.select().from(chatRooms).where(eq(chatRooms.id, roomId)).for('update');
  if (!locked) throw chatNotFound();
  return (await membershipOf(tx, roomId, userId)).room;
}

/** Locks the room for a membership change, then checks the caller is in it and it is a group. */
export async function lockGroupOf(tx: Tx, roomId: number, userId: number): Promise<ChatRoomRow> {
  const room = await lockRoomOf(tx, roomId, userId);
  if (!room.isGroup) throw badRequest('Only group chats can be changed this way');
  return room;
}

/** Everyone in the room, longest-standing first (the order ownership passes on in). */
export async function participantsOf(exec: Executor, roomId: number): Promise<ChatPerson[]> {
  return exec
    .select({ id: users.id, username: users.username })
    .from(chatParticipants)
    .innerJoin(users, eq(users.id, chatParticipants.userId))
    .where(eq(chatParticipants.roomId, roomId))
    .orderBy(asc(chatParticipants.joinedAt), asc(chatParticipants.userId));
}

/** The other participant of a 1-on-1 (null when they deleted their account). */
export async function directPeerOf(exec: Executor, roomId: number, userId: number): Promise<number | null> {
  const [row] = await exec
    .select({ id: chatParticipants.userId })
    .from(chatParticipants)
    .where(and(eq(chatParticipants.roomId, roomId), ne(chatParticipants.userId, userId)))
    .limit(1);
  return row?.id ?? null;
}

/** Which of `candidates` are `userId`'s accepted friends. */
export async function friendsAmong(exec: Executor, userId: number, candidates: number[]): Promise<ChatPerson[]> {
  if (candidates.length === 0) return [];
  const otherId = sql<number>`case when ${friendships.requesterId} = ${userId} then ${friendships.addresseeId} else ${friendships.requesterId} end`;
  return exec
    .select({ id: users.id, username: users.username })
    .from(friendships)
    .innerJoin(users, eq(users.id, otherId))
    .where(
      and(
        eq(friendships.status, 'accepted'),
        or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
        inArray(users.id, candidates),
      ),
    );
}
