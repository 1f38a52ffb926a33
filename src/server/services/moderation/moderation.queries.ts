/**
 * NOTE: the SQL the moderation queue and the audit log read (moderation.service.ts holds who may read them).
 * Lists are keyset-paged on the id, newest first (`before` is the last id of the previous page). What a report
 * points at is fetched per kind in one query each (`contentOf`), so a page costs five queries whatever its size;
 * a row missing from those answers means the content is gone.
 */
import { and, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportTarget } from '../../../shared/moderation-values.ts';
import {
  chatMessages,
  chatParticipants,
  chatRooms,
  media,
  mediaComments,
  moderationActions,
  profilePictures,
  profiles,
  reports,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';

export type Page = { before?: number; limit: number };

const reporter = alias(users, 'reporter');
const target = alias(users, 'target');

/**
 * Open reports with their reporter and the reported account; one more row than `limit` says there is more.
 * Reports about `viewerId` are left out: they name the reporter, and nobody acts on a report about themselves.
 */
export function openReports(exec: Executor, viewerId: number, page: Page) {
  const open = and(isNull(reports.resolvedAt), ne(reports.targetUserId, viewerId));
  return exec
    .select({
      id: reports.id,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reporterId: reports.reporterId,
      reporterName: reporter.username,
      targetUserId: reports.targetUserId,
      targetName: target.username,
      targetRole: target.role,
      suspendedAt: target.suspendedAt,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(target, eq(target.id, reports.targetUserId))
    .where(page.before === undefined ? open : and(open, lt(reports.id, page.before)))
    .orderBy(desc(reports.id))
    .limit(page.limit + 1);
}

export type ReportRow = Awaited<ReturnType<typeof openReports>>[number];

const postsIn = (exec: Executor, ids: number[]) =>
  exec
    .select({ id: media.id, caption: media.caption, mediaType: media.mediaType, thumbKey: media.thumbKey })
    .from(media)
    .where(inArray(media.id, ids));

const commentsIn = (exec: Executor, ids: number[]) =>
  exec
    .select({ id: mediaComments.id, content: mediaComments.content, postAuthor: users.username })
    .from(mediaComments)
    .innerJoin(media, eq(media.id, mediaComments.mediaId))
    .innerJoin(users, eq(users.id, media.userId))
    .where(inArray(mediaComments.id, ids));

const messagesIn = (exec: Executor, ids: number[]) =>
  exec
    .select({
      id: chatMessages.id,
      content: chatMessages.content,
      hasImage: sql<boolean>`${chatMessages.imageKey} is not null`,
      isGroup: chatRooms.isGroup,
      roomName: chatRooms.name,
      // A 1-on-1 is named by the other person in it (the sender is the reported one).
      peer: sql<string | null>`(select u.username from ${chatParticipants} p join ${users} u on u.id = p.user_id
        where p.room_id = ${chatMessages.roomId} and p.user_id is distinct from ${chatMessages.senderId} limit 1)`,
    })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(inArray(chatMessages.id, ids));

const profilesIn = (exec: Executor, ids: number[]) =>
  exec
    .select({
      id: users.id,
      bio: sql<string>`coalesce(${profiles.bio}, '')`,
      hasPicture: sql<boolean>`${profilePictures.userId} is not null`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(profilePictures, eq(profilePictures.userId, users.id))
    .where(inArray(users.id, ids));

export type ReportedRows = {
  media: Map<number, Awaited<ReturnType<typeof postsIn>>[number]>;
  comment: Map<number, Awaited<ReturnType<typeof commentsIn>>[number]>;
  message: Map<number, Awaited<ReturnType<typeof messagesIn>>[number]>;
  user: Map<number, Awaited<ReturnType<typeof profilesIn>>[number]>;
};

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

/** What the reports point at, by kind and id; content that is gone is simply absent. */
export async function contentOf(exec: Executor, rows: Array<{ targetType: ReportTarget; targetId: number }>): Promise<ReportedRows> {
  const ids = (kind: ReportTarget) => [...new Set(rows.filter((r) => r.targetType === kind).map((r) => r.targetId))];
  const load = async <T extends { id: number }>(kind: ReportTarget, query: (exec: Executor, ids: number[]) => Promise<T[]>) => {
    const wanted = ids(kind);
    return byId(wanted.length === 0 ? [] : await query(exec, wanted));
  };
  const [posts, comments, messages, people] = await Promise.all([
    load('media', postsIn),
    load('comment', commentsIn),
    load('message', messagesIn),
    load('user', profilesIn),
  ]);
  return { media: posts, comment: comments, message: messages, user: people };
}

const actor = alias(users, 'actor');

/** The audit log, newest first, with the acting person's name (null for the admin CLI or a deleted account). */
export function auditEntries(exec: Executor, page: Page) {
  return exec
    .select({
      id: moderationActions.id,
      action: moderationActions.action,
      actorId: moderationActions.actorId,
      actorName: actor.username,
      targetUserId: moderationActions.targetUserId,
      targetUsername: moderationActions.targetUsername,
      reportId: moderationActions.reportId,
      detail: moderationActions.detail,
      note: moderationActions.note,
      createdAt: moderationActions.createdAt,
    })
    .from(moderationActions)
    .leftJoin(actor, eq(actor.id, moderationActions.actorId))
    .where(page.before === undefined ? undefined : lt(moderationActions.id, page.before))
    .orderBy(desc(moderationActions.id))
    .limit(page.limit + 1);
}

/** The image of a reported chat message (original variant), while the message exists. */
export async function reportedImage(exec: Executor, reportId: number, viewerId: number) {
  // Only while the report is in the viewer's queue: once it is resolved the image is the room's alone again.
  const [row] = await exec
    .select({ key: chatMessages.imageKey, created: chatMessages.createdAt })
    .from(reports)
    .innerJoin(chatMessages, and(eq(reports.targetType, 'message'), eq(chatMessages.id, reports.targetId)))
    .where(and(eq(reports.id, reportId), isNull(reports.resolvedAt), ne(reports.targetUserId, viewerId)));
  return row?.key ? { key: row.key, mime: 'image/webp', created: row.created } : null;
}
