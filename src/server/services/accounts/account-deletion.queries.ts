/**
 * NOTE: the SQL of deleting an account (account-deletion.service.ts). Every function runs inside the deletion's
 * transaction, after `lockUser`: the locked row makes a racing write that references the user (a post, a like)
 * wait and then fail, so no row or file of theirs can appear behind the deletion's back.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { chatMessages, chatParticipants, chatRooms, media, retiredUsernames, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { keysOfPosts, postFileColumns } from '../media/post-removal.service.ts';

const keysOf = (rows: Array<{ a: string | null; b: string | null }>) =>
  rows.flatMap((r) => [r.a, r.b]).filter((k): k is string => k !== null);

export async function lockUser(tx: Tx, userId: number): Promise<{ username: string; email: string } | null> {
  const [row] = await tx.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

/** Every stored file of their posts. */
export async function postFileKeys(tx: Tx, userId: number): Promise<string[]> {
  // Locked: a video being made ready meanwhile (ADR 051) waits, then finds its post gone and removes what it made.
  return keysOfPosts(await tx.select(postFileColumns).from(media).where(eq(media.userId, userId)).for('update'));
}

/** Their likes and comments on other people's posts go with them: those posts' counts drop to match. */
export async function uncountLikesAndComments(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`
    update media m set likes_count = greatest(m.likes_count - l.n, 0)
    from (select media_id, count(*)::int as n from media_likes where user_id = ${userId} group by media_id) l
    where m.id = l.media_id and m.user_id <> ${userId}`);
  await tx.execute(sql`
    update media m set comments_count = greatest(m.comments_count - c.n, 0)
    from (select media_id, count(*)::int as n from media_comments where user_id = ${userId} group by media_id) c
    where m.id = c.media_id and m.user_id <> ${userId}`);
}

/**
 * The 1-on-1s and groups they are in, locked in id order (the order every membership change locks rooms in).
 * Channels are not theirs to pass on or empty: their rows there are only read marks (they go with the account).
 */
export async function lockRoomsOf(tx: Tx, userId: number) {
  const mine = tx.select({ id: chatParticipants.roomId }).from(chatParticipants).where(eq(chatParticipants.userId, userId));
  return tx
    .select({ id: chatRooms.id, isGroup: chatRooms.isGroup, ownerId: chatRooms.ownerId })
    .from(chatRooms)
    .where(and(inArray(chatRooms.id, mine), isNull(chatRooms.communityId)))
    .orderBy(chatRooms.id)
    .for('update');
}

/** Deletes their image messages everywhere; answers the files to remove and the rooms whose last message may have gone. */
export async function deleteImageMessagesOf(tx: Tx, userId: number): Promise<{ keys: string[]; roomIds: number[] }> {
  const rows = await tx
    .delete(chatMessages)
    .where(and(eq(chatMessages.senderId, userId), isNotNull(chatMessages.imageKey)))
    .returning({ a: chatMessages.imageKey, b: chatMessages.thumbKey, roomId: chatMessages.roomId });
  return { keys: keysOf(rows), roomIds: [...new Set(rows.map((r) => r.roomId))] };
}

export async function leaveAllRooms(tx: Tx, userId: number): Promise<void> {
  await tx.delete(chatParticipants).where(eq(chatParticipants.userId, userId));
}

/** Deletes rooms nobody is in any more, with every message; answers their image files. */
export async function deleteRooms(tx: Tx, roomIds: number[]): Promise<string[]> {
  if (roomIds.length === 0) return [];
  const images = await tx
    .select({ a: chatMessages.imageKey, b: chatMessages.thumbKey })
    .from(chatMessages)
    .where(and(inArray(chatMessages.roomId, roomIds), isNotNull(chatMessages.imageKey)));
  await tx.delete(chatRooms).where(inArray(chatRooms.id, roomIds));
  return keysOf(images);
}

export async function passOwnership(tx: Tx, roomId: number, ownerId: number): Promise<void> {
  await tx.update(chatRooms).set({ ownerId }).where(eq(chatRooms.id, roomId));
}

/** Points each room at its newest remaining message (the chats list orders and previews by it). */
export async function refreshLastMessage(tx: Tx, roomIds: number[]): Promise<void> {
  if (roomIds.length === 0) return;
  await tx
    .update(chatRooms)
    .set({ lastMessageId: sql`(select max(m.id) from chat_messages m where m.room_id = ${chatRooms.id})` })
    .where(inArray(chatRooms.id, roomIds));
}

/**
 * Notifications that name them without a foreign key: their id in the payload, and the moderators' 'report'
 * notifications of reports by or about them (those reports go with the account).
 */
export async function deleteMentions(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`
    delete from notifications
    where data->>'sender_id' = ${String(userId)} or data->>'receiver_id' = ${String(userId)}
      or (type = 'report' and data->>'report_id' in (
        select id::text from reports where reporter_id = ${userId} or target_user_id = ${userId}))`);
}

/**
 * Counters and leases keyed by them: write limits, upload and export slots, password and sign-in attempts.
 * Prefixes are matched with starts_with, not LIKE: an email may hold '_', which LIKE reads as any character.
 */
export async function deleteRateLimits(tx: Tx, userId: number, email: string): Promise<void> {
  const account = email.toLowerCase();
  await tx.execute(sql`
    delete from rate_limits
    where key like ${`write:%:${userId}`} or starts_with(key, ${`upload-slot:${userId}:`}) or starts_with(key, ${`export-slot:${userId}:`})
      or key = ${`password:user:${userId}`} or key = ${`login:acct:${account}`} or starts_with(key, ${`login:acct-ip:${account}|`})`);
}

/** Reserves the name until `freeAt` (a name retired before and since freed is reserved again). */
export async function retireUsername(tx: Tx, username: string, freeAt: Date): Promise<void> {
  await tx
    .insert(retiredUsernames)
    .values({ usernameLower: username.toLowerCase(), freeAt })
    .onConflictDoUpdate({ target: retiredUsernames.usernameLower, set: { freeAt } });
}

/** The row itself: every table that references it cascades, or sets its reference null (messages, audit log). */
export async function deleteUserRow(tx: Tx, userId: number): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}
