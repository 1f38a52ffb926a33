/**
 * NOTE: comments (spec §4 "Likes and comments", §5, §7): listed oldest first and paged with `after` (the last id
 * seen); adding one bumps the post's count in the same transaction and notifies the author (not yourself).
 * Content arrives validated by the shared commentSchema (trimmed, non-empty, bounded). Between people blocked
 * either way (ADR 021): the post is 404 for the other (listing and commenting alike), and comments by someone
 * blocked with the viewer are left out of the list in the same SQL; `comment_count` stays the stored count.
 * Deleting: the comment's author and the post's owner may delete it (ADR 022); for anyone else, for a comment
 * that is not under that post, and for one the list would hide from the caller (its author or the post's owner
 * blocked with them either way), it does not exist (404). The count drops in the same transaction.
 */
import { and, asc, eq, gt, not } from 'drizzle-orm';
import type { CommentResponse, CommentsResponse } from '../../../shared/api-types.ts';
import { COMMENTS_PAGE_MAX } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { media, mediaComments, users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';
import { ServiceError } from '../../errors.ts';
import { commentColumns, toComment } from './media-items.queries.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Person } from '../profiles/people.queries.ts';
import { commentWithOwner, deleteComment } from './comments.queries.ts';
import { bumpCounter, notifyAuthor, visiblePostFor } from './post-activity.service.ts';
import { POST_NOT_FOUND } from './post-errors.service.ts';
import { postSeenBy } from './post-visibility.ts';
import { removedByModerator } from '../communities/community-content.ts';

export const COMMENT_NOT_FOUND = 'Comment not found';

export function createCommentsService(deps: { db: Db; notifications: NotificationsService }) {
  const { db, notifications } = deps;

  const select = (where: ReturnType<typeof and>, limit: number) =>
    db
      .select(commentColumns)
      .from(mediaComments)
      .innerJoin(users, eq(users.id, mediaComments.userId))
      .where(where)
      .orderBy(asc(mediaComments.id))
      .limit(limit);

  return {
    async list(viewerId: number, mediaId: number, page: { after?: number; limit?: number }): Promise<CommentsResponse> {
      const [post] = await db
        .select({ count: media.commentsCount })
        .from(media)
        .where(and(eq(media.id, mediaId), postSeenBy(viewerId)));
      if (!post) throw new ServiceError(404, POST_NOT_FOUND);
      const limit = page.limit ?? COMMENTS_PAGE_MAX;
      const mine = and(eq(mediaComments.mediaId, mediaId), not(eitherBlocked(mediaComments.userId, viewerId)));
      const rows = await select(page.after === undefined ? mine : and(mine, gt(mediaComments.id, page.after)), limit + 1);
      return { comments: rows.slice(0, limit).map(toComment), comment_count: post.count, has_next: rows.length > limit };
    },

    async add(me: Person, mediaId: number, content: string): Promise<CommentResponse> {
      return transaction(db, async (tx, afterCommit) => {
        await visiblePostFor(tx, me.id, mediaId);
        const bumped = await bumpCounter(tx, mediaId, 'commentsCount', 1);
        const [inserted] = await tx.insert(mediaComments).values({ mediaId, userId: me.id, content }).returning({ id: mediaComments.id });
        const [row] = await tx
          .select(commentColumns)
          .from(mediaComments)
          .innerJoin(users, eq(users.id, mediaComments.userId))
          .where(eq(mediaComments.id, inserted!.id));
        await notifyAuthor(notifications, tx, afterCommit, { authorId: bumped.authorId, actor: me, mediaId, type: 'comment' });
        return { comment: toComment(row!), comment_count: bumped.value };
      });
    },

    async remove(me: Person, mediaId: number, commentId: number): Promise<{ comments_count: number }> {
      return transaction(db, async (tx) => {
        // Its author and the post's owner only while they see it (a block hides it from them: ADR 021); a community
        // moderator whatever blocks say, or a commenter who blocked every moderator could not be removed.
        const seen = await commentWithOwner(tx, mediaId, commentId, { visibleTo: me.id });
        const mine = seen !== undefined && (seen.authorId === me.id || seen.ownerId === me.id);
        const found = mine ? seen : await commentWithOwner(tx, mediaId, commentId);
        const allowed =
          mine ||
          (found !== undefined && (await removedByModerator(tx, found.communityId, me.id, found.authorId, 'remove_comment', commentId)));
        if (!allowed) throw new ServiceError(404, COMMENT_NOT_FOUND);
        await deleteComment(tx, commentId);
        const bumped = await bumpCounter(tx, mediaId, 'commentsCount', -1);
        return { comments_count: bumped.value };
      });
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
