/**
 * NOTE: the checks every chat call starts with (ADR 018). A room you are not in does not exist for you: 404
 * 'Chat not found', whatever the reason (unknown id, never invited, removed, left). Membership changes lock the
 * room row (`lockRoomOf`) so two of them never interleave (e.g. two people leaving while ownership passes on).
 * A community's channel is read by the community's members (ADR 049): its chat_participants rows are only read
 * marks and mutes and grant nothing, so every check of who may read a room goes through `membershipOf` or
 * `readsRoomSql`. Channels are changed only through their community (group calls answer CHANNEL_MANAGED), and a
 * running looking-for-group post's party chat only through its post (PARTY_MANAGED).
 */
import { and, asc, eq, gt, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ChatPerson } from '../../../shared/chat-types.ts';
import { chatParticipants, chatRooms, communityMembers, friendships, lfgPosts, users, type ChatRoomRow } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { ServiceError, badRequest } from '../../errors.ts';

export const CHAT_NOT_FOUND = 'Chat not found';
export const chatNotFound = () => new ServiceError(404, CHAT_NOT_FOUND);
export const FRIENDS_ONLY = 'You can only chat with your friends';

export const CHANNEL_MANAGED = "A community's channels are changed in its settings";
export const PARTY_MANAGED = 'This group chat follows its looking-for-group post: join, leave or close it there';

type Membership = { room: ChatRoomRow; muted: boolean; lastReadMessageId: number };

/**
 * Whether `userId` reads the room `roomId` (a column or an id): a participant of a 1-on-1 or group, a member of a
 * channel's community. For the WHERE of queries that read messages or their files.
 */
export const readsRoomSql = (roomId: AnyColumn | number, userId: number): SQL => sql`exists (
  select 1 from ${chatRooms} r where r.id = ${roomId} and case when r.community_id is null
    then exists (select 1 from ${chatParticipants} p where p.room_id = r.id and p.user_id = ${userId})
    else exists (select 1 from ${communityMembers} m where m.community_id = r.community_id and m.user_id = ${userId}) end)`;

/**
 * A reader's read mark: in a channel it is never below their read floor (what was written before they joined is
 * not unread). Use with chat_participants and community_members joined for the reader.
 */
export const readMarkSql = sql<number>`greatest(coalesce(${chatParticipants.lastReadMessageId}, 0), coalesce(${communityMembers.chatReadFloor}, 0))`;

/** The room and the caller's place in it, or 404. */
export async function membershipOf(exec: Executor, roomId: number, userId: number): Promise<Membership> {
  const [row] = await exec
    .select({
      room: chatRooms,
      muted: sql<boolean>`coalesce(${chatParticipants.muted}, false)`,
      lastReadMessageId: readMarkSql.mapWith(Number),
    })
    .from(chatRooms)
    .leftJoin(chatParticipants, and(eq(chatParticipants.roomId, chatRooms.id), eq(chatParticipants.userId, userId)))
    .leftJoin(communityMembers, and(eq(communityMembers.communityId, chatRooms.communityId), eq(communityMembers.userId, userId)))
    .where(
      and(
        eq(chatRooms.id, roomId),
        sql`case when ${chatRooms.communityId} is null then ${chatParticipants.userId} is not null
          else ${communityMembers.userId} is not null end`,
      ),
    );
  if (!row) throw chatNotFound();
  return row;
}

/** Locks the room for a membership change, then checks the caller is in it (any kind of room). */
export async function lockRoomOf(tx: Tx, roomId: number, userId: number): Promise<ChatRoomRow> {
  const [locked] = await tx.select().from(chatRooms).where(eq(chatRooms.id, roomId)).for('update');
  if (!locked) throw chatNotFound();
  const { room } = await membershipOf(tx, roomId, userId);
  if (room.communityId !== null) throw badRequest(CHANNEL_MANAGED);
  // A running post's party chat holds exactly its host and accepted players (ADR 052); once it ends, it is a group.
  const [party] = await tx
    .select({ id: lfgPosts.id })
    .from(lfgPosts)
    .where(and(eq(lfgPosts.roomId, roomId), eq(lfgPosts.status, 'open'), gt(lfgPosts.endsAt, sql`now()`)));
  if (party) throw badRequest(PARTY_MANAGED);
  return room;
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
