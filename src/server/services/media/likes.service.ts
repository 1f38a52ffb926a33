/**
 * NOTE: likes (spec §4 "Likes and comments", §7). Idempotent both ways: a second like or unlike by the same person
 * changes nothing (the primary key decides, so concurrent likes count once). A new like notifies the author.
 * Liking a post hidden from you (blocked either way, ADR 021; a community's you do not see, ADR 049) is 404;
 * unliking one you liked always works, and answers 404 like an unknown id when there was no like to remove.
 */
import { and, eq } from 'drizzle-orm';
import type { LikeResponse } from '../../../shared/api-types.ts';
import type { Db } from '../../db/client.ts';
import { media, mediaLikes } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { ServiceError } from '../../errors.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Person } from '../profiles/people.queries.ts';
import { bumpCounter, notifyAuthor, visiblePostFor } from './post-activity.service.ts';
import { POST_NOT_FOUND } from './post-errors.service.ts';
import { postSeenBy } from './post-visibility.ts';

export function createLikesService(deps: { db: Db; notifications: NotificationsService }) {
  const { db, notifications } = deps;

  /** The count as `viewerId` may see it: a post hidden from them is 404, like an unknown one. */
  async function currentCount(mediaId: number, viewerId: number): Promise<number> {
    const [row] = await db
      .select({ likes: media.likesCount })
      .from(media)
      .where(and(eq(media.id, mediaId), postSeenBy(viewerId)));
    if (!row) throw new ServiceError(404, POST_NOT_FOUND);
    return row.likes;
  }

  return {
    async like(me: Person, mediaId: number): Promise<LikeResponse> {
      const likes = await transaction(db, async (tx, afterCommit) => {
        await visiblePostFor(tx, me.id, mediaId);
        const added = await tx.insert(mediaLikes).values({ mediaId, userId: me.id }).onConflictDoNothing().returning();
        if (added.length === 0) return null;
        const bumped = await bumpCounter(tx, mediaId, 'likesCount', 1);
        await notifyAuthor(notifications, tx, afterCommit, { authorId: bumped.authorId, actor: me, mediaId, type: 'like' });
        return bumped.value;
      });
      return { liked: true, likes: likes ?? (await currentCount(mediaId, me.id)) };
    },

    async unlike(me: Person, mediaId: number): Promise<LikeResponse> {
      const likes = await transaction(db, async (tx) => {
        const removed = await tx
          .delete(mediaLikes)
          .where(and(eq(mediaLikes.mediaId, mediaId), eq(mediaLikes.userId, me.id)))
          .returning();
        return removed.length === 0 ? null : (await bumpCounter(tx, mediaId, 'likesCount', -1)).value;
      });
      return { liked: false, likes: likes ?? (await currentCount(mediaId, me.id)) };
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;
