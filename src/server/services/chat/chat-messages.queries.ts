/**
 * NOTE: reading messages as the API shows them (spec §3 "Message"). Image URLs are paths on our API that check
 * the session on every fetch (chat-images.routes.ts), so a removed participant loses access at once.
 */
import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { DELETED_USER_NAME, type ChatMessage } from '../../../shared/chat-types.ts';
import { chatMessages, chatParticipants, chatRooms, communityMembers, users } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';

export const chatImagePath = (messageId: number, variant: 'original' | 'thumb') => `/api/chat/image/${messageId}/${variant}`;

const columns = {
  id: chatMessages.id,
  roomId: chatMessages.roomId,
  // A deleted account's messages stay, from sender 0 named 'Deleted user'.
  senderId: sql<number>`coalesce(${chatMessages.senderId}, 0)`,
  senderName: sql<string>`coalesce(${users.username}, ${DELETED_USER_NAME})`,
  messageType: chatMessages.messageType,
  content: chatMessages.content,
  imageKey: chatMessages.imageKey,
  clientId: chatMessages.clientId,
  createdAt: chatMessages.createdAt,
};
type Row = {
  id: number;
  roomId: number;
  senderId: number;
  senderName: string;
  messageType: 'text' | 'image';
  content: string;
  imageKey: string | null;
  clientId: string | null;
  createdAt: Date;
};

export function toChatMessage(row: Row): ChatMessage {
  const image = row.messageType === 'image' && row.imageKey !== null;
  return {
    id: row.id,
    room_id: row.roomId,
    sender_id: row.senderId,
    sender_name: row.senderName,
    message_type: row.messageType,
    content: row.content,
    image_url: image ? chatImagePath(row.id, 'original') : null,
    thumbnail_url: image ? chatImagePath(row.id, 'thumb') : null,
    timestamp: row.createdAt.toISOString(),
    client_id: row.clientId,
  };
}

function select(exec: Executor, where: SQL | undefined) {
  return exec.select(columns).from(chatMessages).leftJoin(users, eq(users.id, chatMessages.senderId)).where(where);
}

export async function messageById(exec: Executor, id: number): Promise<ChatMessage | null> {
  const [row] = await select(exec, eq(chatMessages.id, id));
  return row ? toChatMessage(row) : null;
}

export type HistoryPage = { messages: ChatMessage[]; has_more: boolean };

/** The newest page, or the page before `before`: oldest first; has_more = older ones exist. */
export async function pageBefore(exec: Executor, roomId: number, before: number | undefined, limit: number): Promise<HistoryPage> {
  const where = and(eq(chatMessages.roomId, roomId), before === undefined ? undefined : lt(chatMessages.id, before));
  const rows = await select(exec, where)
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
  return { messages: rows.slice(0, limit).reverse().map(toChatMessage), has_more: rows.length > limit };
}

/** Everything after `after`, oldest first, up to `limit`; has_more = newer ones remain (ask again). */
export async function pageAfter(exec: Executor, roomId: number, after: number, limit: number): Promise<HistoryPage> {
  const rows = await select(exec, and(eq(chatMessages.roomId, roomId), gt(chatMessages.id, after)))
    .orderBy(asc(chatMessages.id))
    .limit(limit + 1);
  return { messages: rows.slice(0, limit).map(toChatMessage), has_more: rows.length > limit };
}

/** The room's participants by name, whether it is a group, and whether each is blocked with `userId` either way. */
export function typingParticipants(exec: Executor, roomId: number, userId: number) {
  return exec
    .select({
      id: chatParticipants.userId,
      username: users.username,
      isGroup: chatRooms.isGroup,
      blocked: sql<boolean>`${eitherBlocked(chatParticipants.userId, userId)}`,
    })
    .from(chatParticipants)
    .innerJoin(users, eq(users.id, chatParticipants.userId))
    .innerJoin(chatRooms, eq(chatRooms.id, chatParticipants.roomId))
    .where(eq(chatParticipants.roomId, roomId));
}

/**
 * For a channel: the typist's name and the community whose members hear them, or null when they are not a member.
 * Undefined when the room is not a channel (or does not exist): ask `typingParticipants`.
 */
export async function channelTyping(exec: Executor, roomId: number, userId: number) {
  const [row] = await exec
    .select({ community: chatRooms.communityId, username: users.username, member: sql<boolean>`${communityMembers.userId} is not null` })
    .from(chatRooms)
    .innerJoin(users, eq(users.id, userId))
    .leftJoin(communityMembers, and(eq(communityMembers.communityId, chatRooms.communityId), eq(communityMembers.userId, userId)))
    .where(and(eq(chatRooms.id, roomId), sql`${chatRooms.communityId} is not null`));
  if (!row) return undefined;
  return row.member ? { username: row.username, community: row.community! } : null;
}
