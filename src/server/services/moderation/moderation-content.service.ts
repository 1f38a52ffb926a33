/**
 * NOTE: turns a report row and what it points at into what the queue shows (`ModerationReport`). Pure shaping,
 * no SQL. Pictures: a post's thumbnail (a video's is the video itself) by a signed URL; a chat image and a
 * profile picture by API paths that check the caller (staff for the first, any signed-in person for the second).
 */
import type { ModerationReport, ReportedContent } from '../../../shared/moderation-types.ts';
import type { MediaUrls } from '../media/media-urls.service.ts';
import type { ReportedRows, ReportRow } from './moderation.queries.ts';

/** Where a staff member opens the image of a reported chat message (moderation.routes.ts serves it). */
export const reportImagePath = (reportId: number) => `/api/moderation/reports/${reportId}/image`;
const picturePath = (username: string) => `/api/profile/@${encodeURIComponent(username)}/picture`;

type Shown = Pick<ReportedContent, 'text' | 'media_url' | 'media_type' | 'context' | 'removed'>;
const CONTEXT = { media: 'Post', comment: 'Comment', message: 'Chat message', user: 'Profile' } as const;

function shown(row: ReportRow, found: ReportedRows, urls: MediaUrls): Shown {
  const gone: Shown = { text: '', media_url: null, media_type: null, context: CONTEXT[row.targetType], removed: true };
  switch (row.targetType) {
    case 'media': {
      const post = found.media.get(row.targetId);
      if (!post) return gone;
      const variant = post.thumbKey ? 'thumb' : 'original';
      return {
        text: post.caption,
        media_url: urls.sign(post.id, variant).url,
        media_type: post.mediaType,
        context: 'Post',
        removed: false,
      };
    }
    case 'comment': {
      const comment = found.comment.get(row.targetId);
      if (!comment) return gone;
      const context = `Comment on a post by ${comment.postAuthor}`;
      return { text: comment.content, media_url: null, media_type: null, context, removed: false };
    }
    case 'message': {
      const message = found.message.get(row.targetId);
      if (!message) return gone;
      const context = message.isGroup ? `Group chat “${message.roomName ?? ''}”` : `1-on-1 with ${message.peer ?? 'nobody left'}`;
      const image = message.hasImage
        ? { media_url: reportImagePath(row.id), media_type: 'image' as const }
        : { media_url: null, media_type: null };
      return { text: message.content, ...image, context, removed: false };
    }
    case 'user': {
      const profile = found.user.get(row.targetId);
      const picture = profile?.hasPicture
        ? { media_url: picturePath(row.targetName), media_type: 'image' as const }
        : { media_url: null, media_type: null };
      // The account itself cannot be gone (its reports go with it); an emptied profile is what was removed.
      return { text: profile?.bio ?? '', ...picture, context: 'Profile', removed: false };
    }
  }
}

export function toModerationReport(row: ReportRow, found: ReportedRows, urls: MediaUrls): ModerationReport {
  const author = { user_id: row.targetUserId, username: row.targetName };
  return {
    id: row.id,
    reason: row.reason,
    details: row.details,
    created_at: row.createdAt.toISOString(),
    reporter: { user_id: row.reporterId, username: row.reporterName },
    content: { target_type: row.targetType, target_id: row.targetId, author, ...shown(row, found, urls) },
    target_user: { ...author, role: row.targetRole, suspended: row.suspendedAt !== null },
  };
}
