/**
 * NOTE: the SQL of acting on reports and suspensions (moderation.service.ts holds the rules). Everything here runs
 * inside the caller's transaction; removals answer the stored file keys they orphaned, for the caller to delete
 * from storage after commit, and a removal of something already gone answers null (not an error).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuditAction } from '../../../shared/schemas/moderation.ts';
import type { ReportTarget, ResolveAction } from '../../../shared/moderation-values.ts';
import {
  chatMessages,
  chatParticipants,
  chatRooms,
  mediaComments,
  moderationActions,
  profilePictures,
  profiles,
  reports,
  users,
} from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { commentWithOwner, deleteComment } from '../media/comments.queries.ts';
import { bumpCounter } from '../media/post-activity.service.ts';

/** The report, locked so two moderators cannot resolve it at once. */
export async function lockReport(tx: Tx, id: number) {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  return row;
}

/** An account as a moderation decision needs it, locked against a concurrent suspension or role change. */
export async function lockAccount(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ id: users.id, username: users.username, role: users.role, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Resolves every open report on this target with the same decision; answers their ids. */
export async function closeOpenReports(
  tx: Tx,
  on: { targetType: ReportTarget; targetId: number },
  decision: { by: number; action: ResolveAction; note: string },
): Promise<number[]> {
  const rows = await tx
    .update(reports)
    .set({ resolvedAt: new Date(), resolvedBy: decision.by, resolution: decision.action, note: decision.note })
    .where(and(eq(reports.targetType, on.targetType), eq(reports.targetId, on.targetId), isNull(reports.resolvedAt)))
    .returning({ id: reports.id });
  return rows.map((r) => r.id);
}

export async function recordAction(
  exec: Executor,
  entry: {
    actorId: number;
    action: AuditAction;
    /** Whom it was about; none for catalogue fixes (the detail names the game). */
    target: { id: number; username: string } | null;
    reportId?: number;
    detail: string;
    note?: string;
  },
): Promise<void> {
  await exec.insert(moderationActions).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.target?.id ?? null,
    targetUsername: entry.target?.username ?? '',
    reportId: entry.reportId ?? null,
    detail: entry.detail,
    note: entry.note ?? '',
  });
}

export async function setSuspended(exec: Executor, userId: number, by: number | null): Promise<void> {
  await exec
    .update(users)
    .set(by === null ? { suspendedAt: null, suspendedBy: null } : { suspendedAt: new Date(), suspendedBy: by })
    .where(eq(users.id, userId));
}

/** Deletes a comment with its post's count, as its author's deletion does; false when it is already gone. */
export async function removeComment(tx: Tx, commentId: number): Promise<boolean> {
  const [row] = await tx.select({ mediaId: mediaComments.mediaId }).from(mediaComments).where(eq(mediaComments.id, commentId));
  if (!row || !(await commentWithOwner(tx, row.mediaId, commentId))) return false;
  await deleteComment(tx, commentId);
  await bumpCounter(tx, row.mediaId, 'commentsCount', -1);
  return true;
}

/**
 * Deletes a chat message; the room's last message steps back to the one before, so the chats list does not
 * show a removed text. Answers its room, its image files and who was in the room (to tell them; for a channel,
 * its community, whose members are told), or null.
 */
export async function removeMessage(tx: Tx, messageId: number) {
  const [row] = await tx
    .delete(chatMessages)
    .where(eq(chatMessages.id, messageId))
    .returning({ roomId: chatMessages.roomId, imageKey: chatMessages.imageKey, thumbKey: chatMessages.thumbKey });
  if (!row) return null;
  await tx
    .update(chatRooms)
    .set({ lastMessageId: sql`(select max(${chatMessages.id}) from ${chatMessages} where ${chatMessages.roomId} = ${row.roomId})` })
    .where(and(eq(chatRooms.id, row.roomId), eq(chatRooms.lastMessageId, messageId)));
  const [room] = await tx.select({ community: chatRooms.communityId }).from(chatRooms).where(eq(chatRooms.id, row.roomId));
  const community = room?.community ?? null;
  const audience =
    community === null
      ? await tx.select({ id: chatParticipants.userId }).from(chatParticipants).where(eq(chatParticipants.roomId, row.roomId))
      : [];
  return {
    roomId: row.roomId,
    community,
    keys: [row.imageKey, row.thumbKey].filter((k) => k !== null),
    audience: audience.map((p) => p.id),
  };
}

/**
 * What a profile report removes: everything the person wrote on their profile (bio, gaming handles, links) and
 * the picture. The account itself, its posts and its friends stay.
 */
export async function clearProfile(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(profiles)
    .set({
      bio: '',
      discordUsername: null,
      psnUsername: null,
      xboxGamertag: null,
      steamUsername: null,
      nintendoFriendCode: null,
      links: {},
      updatedAt: new Date(),
    })
    .where(eq(profiles.userId, userId));
  await tx.delete(profilePictures).where(eq(profilePictures.userId, userId));
}
