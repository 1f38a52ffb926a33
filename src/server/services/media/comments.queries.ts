/**
 * NOTE: the SQL behind deleting a comment (comments.service.ts holds the rule of who may). Both run inside the
 * caller's transaction; the post row is locked first, so the count and the comment change together.
 * `commentWithOwner` with `visibleTo` finds only what the comment list would show that person (ADR 021): a comment
 * whose author or whose post's owner is blocked with them either way is not there at all. Without it (staff
 * removing reported content) blocks do not matter.
 */
import { and, eq, not } from 'drizzle-orm';
import { media, mediaComments } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';
import { postSeenBy } from './post-visibility.ts';

/**
 * The comment's author and its post's owner, or undefined when the comment is not under that post, or is hidden
 * from `opts.visibleTo` by a block (of its author or of the post's owner).
 */
export async function commentWithOwner(tx: Tx, mediaId: number, commentId: number, opts: { visibleTo?: number } = {}) {
  const [post] = await tx.select({ id: media.id }).from(media).where(eq(media.id, mediaId)).for('update');
  if (!post) return undefined;
  const viewer = opts.visibleTo;
  const visible = viewer === undefined ? [] : [postSeenBy(viewer), not(eitherBlocked(mediaComments.userId, viewer))];
  const [row] = await tx
    .select({ authorId: mediaComments.userId, ownerId: media.userId, communityId: media.communityId })
    .from(mediaComments)
    .innerJoin(media, eq(media.id, mediaComments.mediaId))
    .where(and(eq(mediaComments.id, commentId), eq(mediaComments.mediaId, mediaId), ...visible));
  return row;
}

export async function deleteComment(tx: Tx, commentId: number): Promise<void> {
  await tx.delete(mediaComments).where(eq(mediaComments.id, commentId));
}
