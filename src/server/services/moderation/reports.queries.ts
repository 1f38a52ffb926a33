/**
 * NOTE: the SQL of reporting (reports.service.ts holds the rules). `reportedThing` answers what the reporter can
 * see of the target and whose it is, with "can see" written into each query (a block either way hides people,
 * posts and comments; a chat message is seen by the participants of its room), so a hidden thing and an unknown
 * id look the same. `insertOpenReport` leans on the unique partial index `reports_open_once_key`: a second open
 * report of the same thing by the same person inserts nothing, however the two requests interleave.
 */
import { and, eq, isNull, ne, not, sql } from 'drizzle-orm';
import type { ReportReason, ReportTarget } from '../../../shared/moderation-values.ts';
import { chatMessages, chatRooms, media, mediaComments, reports, users } from '../../db/schema/index.ts';
import { readsRoomSql } from '../chat/chat-access.service.ts';
import type { Executor } from '../../db/transaction.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';
import { postSeenBy } from '../media/post-visibility.ts';

/**
 * Whose the reported thing is; `ownerId` null when that account is gone (a deleted sender's chat message).
 * `communityId`: the community a post, comment or channel message is in (its moderators hear of the report too),
 * else null; `postId` the post (of a post or comment) there.
 */
export type ReportedThing = { ownerId: number | null; ownerName: string | null; communityId: number | null; postId: number | null };

export async function reportedThing(exec: Executor, viewerId: number, type: ReportTarget, id: number): Promise<ReportedThing | undefined> {
  const rows = await queryFor(exec, viewerId, type, id);
  const row = rows[0];
  if (!row) return undefined;
  const place = 'communityId' in row ? { communityId: row.communityId, postId: row.postId } : { communityId: null, postId: null };
  if (place.communityId === null) place.postId = null;
  return { ownerId: row.ownerId ?? null, ownerName: row.ownerName ?? null, ...place };
}

function queryFor(exec: Executor, viewerId: number, type: ReportTarget, id: number) {
  switch (type) {
    case 'user':
      return exec
        .select({ ownerId: users.id, ownerName: users.username })
        .from(users)
        .where(and(eq(users.id, id), not(eitherBlocked(users.id, viewerId))));
    case 'media':
      return exec
        .select({ ownerId: users.id, ownerName: users.username, communityId: media.communityId, postId: media.id })
        .from(media)
        .innerJoin(users, eq(users.id, media.userId))
        .where(and(eq(media.id, id), postSeenBy(viewerId)));
    case 'comment':
      // The comment and the post it is under must both be visible: a comment under a blocked person's post is
      // as hidden as the post.
      return exec
        .select({ ownerId: users.id, ownerName: users.username, communityId: media.communityId, postId: media.id })
        .from(mediaComments)
        .innerJoin(media, eq(media.id, mediaComments.mediaId))
        .innerJoin(users, eq(users.id, mediaComments.userId))
        .where(and(eq(mediaComments.id, id), postSeenBy(viewerId), not(eitherBlocked(mediaComments.userId, viewerId))));
    case 'message':
      return exec
        .select({
          ownerId: chatMessages.senderId,
          ownerName: users.username,
          communityId: chatRooms.communityId,
          postId: sql<number | null>`null`,
        })
        .from(chatMessages)
        .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
        .leftJoin(users, eq(users.id, chatMessages.senderId))
        .where(and(eq(chatMessages.id, id), readsRoomSql(chatMessages.roomId, viewerId)));
  }
}

export type NewReport = {
  reporterId: number;
  targetType: ReportTarget;
  targetId: number;
  targetUserId: number;
  reason: ReportReason;
  details: string;
};

/** The new report's id, or null when this reporter already has an open report of this thing. */
export async function insertOpenReport(exec: Executor, report: NewReport): Promise<number | null> {
  const [row] = await exec
    .insert(reports)
    .values(report)
    .onConflictDoNothing({ target: [reports.reporterId, reports.targetType, reports.targetId], where: isNull(reports.resolvedAt) })
    .returning({ id: reports.id });
  return row?.id ?? null;
}

/**
 * Everyone who reads reports (moderators and admins, not suspended), but the reporter and the reported person:
 * a moderator reported must not learn who reported them (they cannot act on it anyway).
 */
export async function staffToTell(exec: Executor, reporterId: number, reportedId: number): Promise<number[]> {
  const rows = await exec
    .select({ id: users.id })
    .from(users)
    .where(and(ne(users.role, 'member'), isNull(users.suspendedAt), ne(users.id, reporterId), ne(users.id, reportedId)))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}
