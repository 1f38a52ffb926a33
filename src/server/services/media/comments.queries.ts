/**
 * NOTE: the SQL behind deleting a comment (comments.service.ts holds the rule of who may). Both run inside the
 * caller's transaction; the post row is locked first, so the count and the comment change together.
 */
import { and, eq } from 'drizzle-orm';
import { media, mediaComments } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';

/** The comment's author and its post's owner, or undefined when the comment is not under that post. */
export async function commentWithOwner(tx: Tx, mediaId: number, commentId: number) {
  const [post] = await tx.select({ id: media.id }).from(media).where(eq(media.id, mediaId)).for('update');
  if (!post) return undefined;
  const [row] = await tx
    .select({ authorId: mediaComments.userId, ownerId: media.userId })
    .from(mediaComments)
    .innerJoin(media, eq(media.id, mediaComments.mediaId))
    .where(and(eq(mediaComments.id, commentId), eq(mediaComments.mediaId, mediaId)));
  return row;
}

export async function deleteComment(tx: Tx, commentId: number): Promise<void> {
  await tx.delete(mediaComments).where(eq(mediaComments.id, commentId));
}
