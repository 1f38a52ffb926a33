/**
 * NOTE: the SQL of a community's channels (ADR 049): chat rooms with its `community_id`, read by its members.
 * Names are unique within a community (a unique index; a clash is the caller's 409). Removing a channel removes
 * its messages (the foreign key cascades); callers remove the image files the removal answers, after commit.
 */
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Channel } from '../../../shared/community-types.ts';
import { chatMessages, chatParticipants, chatRooms, communityMembers } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

const asChannel = { room_id: chatRooms.id, name: sql<string>`${chatRooms.name}` };
const ofCommunity = (communityId: number, roomId?: number) =>
  and(eq(chatRooms.communityId, communityId), roomId === undefined ? undefined : eq(chatRooms.id, roomId));

/** In the order they were made ('general' first). */
export function channelsOf(exec: Executor, communityId: number): Promise<Channel[]> {
  return exec.select(asChannel).from(chatRooms).where(ofCommunity(communityId)).orderBy(asc(chatRooms.id));
}

export async function channelCount(exec: Executor, communityId: number): Promise<number> {
  const [row] = await exec.select({ n: count() }).from(chatRooms).where(ofCommunity(communityId));
  return row?.n ?? 0;
}

export async function insertChannel(tx: Tx, communityId: number, name: string): Promise<Channel> {
  const [row] = await tx.insert(chatRooms).values({ name, isGroup: true, communityId }).returning(asChannel);
  return row!;
}

/** The channel's old name, or null when the community has no such channel. */
export async function renameChannel(tx: Tx, communityId: number, roomId: number, name: string): Promise<string | null> {
  const [old] = await tx.select({ name: chatRooms.name }).from(chatRooms).where(ofCommunity(communityId, roomId)).for('update');
  if (!old) return null;
  await tx.update(chatRooms).set({ name }).where(eq(chatRooms.id, roomId));
  return old.name;
}

/**
 * Locks the channel (or all the community's) before its messages' files are read for a removal: a send holds its
 * room's row from its insert to its commit, so after this every message that will ever be in it is visible.
 */
export async function lockChannels(tx: Tx, communityId: number, roomId?: number): Promise<void> {
  await tx.select({ id: chatRooms.id }).from(chatRooms).where(ofCommunity(communityId, roomId)).orderBy(asc(chatRooms.id)).for('update');
}

/** The image files of messages in these channels (or in all of the community's). */
export async function channelImageKeys(exec: Executor, communityId: number, roomId?: number): Promise<string[]> {
  const rows = await exec
    .select({ a: chatMessages.imageKey, b: chatMessages.thumbKey })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(and(ofCommunity(communityId, roomId), isNotNull(chatMessages.imageKey)));
  return rows.flatMap((r) => [r.a, r.b]).filter((k): k is string => k !== null);
}

/** Removes the channel with its messages; answers its name, or null when the community has no such channel. */
export async function deleteChannel(tx: Tx, communityId: number, roomId: number): Promise<string | null> {
  const [row] = await tx.delete(chatRooms).where(ofCommunity(communityId, roomId)).returning({ name: chatRooms.name });
  return row ? (row.name ?? '') : null;
}

/** A member's own read marks and mutes in the community's channels go when they leave it. */
export async function dropChannelMarks(tx: Tx, communityId: number, userId: number): Promise<number[]> {
  const rooms = await channelsOf(tx, communityId);
  const ids = rooms.map((c) => c.room_id);
  if (ids.length > 0)
    await tx.delete(chatParticipants).where(and(eq(chatParticipants.userId, userId), inArray(chatParticipants.roomId, ids)));
  return ids;
}

/** The communities someone is a member of (their sockets hear these communities' channels). */
export async function communityIdsOf(exec: Executor, userId: number): Promise<number[]> {
  const rows = await exec.select({ id: communityMembers.communityId }).from(communityMembers).where(eq(communityMembers.userId, userId));
  return rows.map((r) => r.id);
}

/** A message in one of the community's channels: who sent it (null: an account deleted since) and where. */
export async function channelMessage(exec: Executor, communityId: number, messageId: number) {
  const [row] = await exec
    .select({ senderId: chatMessages.senderId, roomId: chatRooms.id, channel: sql<string>`${chatRooms.name}` })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(and(eq(chatMessages.id, messageId), eq(chatRooms.communityId, communityId)));
  return row;
}
