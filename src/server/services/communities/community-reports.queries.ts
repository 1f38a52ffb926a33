/**
 * NOTE: reports on a community's posts, comments and channel messages as its moderators see them (ADR 049): open ones, newest first,
 * keyset on the report id. The reporter is never named to them (only the site's moderators see who reported).
 * A community moderator's removal resolves the open reports on what they removed (`resolveReportsOn`).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CommunityReport } from '../../../shared/community-types.ts';
import type { ReportReason } from '../../../shared/moderation-values.ts';
import { reports } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

type Row = {
  id: number;
  target_type: 'media' | 'comment' | 'message';
  target_id: string | number;
  reason: ReportReason;
  details: string;
  created_at: Date | string;
  user_id: number;
  username: string;
  post_id: number | null;
  caption: string | null;
  comment: string | null;
  room_id: number | null;
  channel: string | null;
};

/** `viewerId`'s own content is left out: a moderator reported must not read what was said about them, nor by whom. */
export async function openReportsIn(
  exec: Executor,
  communityId: number,
  viewerId: number,
  before: number | null,
  limit: number,
): Promise<CommunityReport[]> {
  const result = await exec.execute<Row>(sql`
    select r.id, r.target_type, r.target_id, r.reason, r.details, r.created_at, u.id as user_id, u.username,
      coalesce(m.id, cm.id) as post_id, coalesce(m.caption, cm.caption) as caption, coalesce(c.content, msg.content) as comment,
      ch.id as room_id, ch.name as channel
    from reports r
    join users u on u.id = r.target_user_id
    left join media m on r.target_type = 'media' and m.id = r.target_id
    left join media_comments c on r.target_type = 'comment' and c.id = r.target_id
    left join media cm on cm.id = c.media_id
    left join chat_messages msg on r.target_type = 'message' and msg.id = r.target_id
    left join chat_rooms ch on ch.id = msg.room_id
    where r.resolved_at is null and r.target_user_id <> ${viewerId}
      and coalesce(m.community_id, cm.community_id, ch.community_id) = ${communityId}
      ${before === null ? sql`` : sql`and r.id < ${before}`}
    order by r.id desc
    limit ${limit}`);
  return result.rows.map((r) => ({
    id: r.id,
    target_type: r.target_type,
    target_id: Number(r.target_id),
    reason: r.reason,
    details: r.details,
    created_at: new Date(r.created_at).toISOString(),
    reported: { user_id: r.user_id, username: r.username },
    post_id: r.post_id,
    channel: r.room_id === null ? null : { room_id: r.room_id, name: r.channel ?? '' },
    excerpt: r.comment ?? r.caption ?? '',
  }));
}

/** Closes the open reports on a post, comment or channel message a community moderator removed. */
export async function resolveReportsOn(tx: Tx, type: 'media' | 'comment' | 'message', id: number, actorId: number): Promise<void> {
  await tx
    .update(reports)
    .set({ resolvedAt: sql`now()`, resolvedBy: actorId, resolution: 'remove_content', note: 'Removed by a community moderator' })
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), isNull(reports.resolvedAt)));
}
