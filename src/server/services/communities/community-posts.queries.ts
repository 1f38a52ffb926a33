/**
 * NOTE: the SQL of posts inside a community (ADR 049): membership checked under a share lock while a post is
 * written (a ban or kick committing meanwhile waits, then finds the post and removes nothing it should not), the
 * post of a community locked for a pin or a removal, and the pins.
 */
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { communityMembers, media } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';

/** Whether `userId` is a member, holding their membership row until the transaction ends. */
export async function lockMembership(tx: Tx, communityId: number, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ userId: communityMembers.userId })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .for('share');
  return row !== undefined;
}

/** The post if it is in that community and ready (a video still processing is its author's alone, ADR 051), locked. */
export async function lockCommunityPost(tx: Tx, communityId: number, mediaId: number) {
  const [row] = await tx
    .select({ authorId: media.userId, pinnedAt: media.pinnedAt })
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.communityId, communityId), eq(media.status, 'ready')))
    .for('update');
  return row;
}

export async function pinCount(tx: Tx, communityId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(media)
    .where(and(eq(media.communityId, communityId), isNotNull(media.pinnedAt)));
  return row?.n ?? 0;
}

export async function setPinned(tx: Tx, mediaId: number, pinned: boolean): Promise<void> {
  await tx
    .update(media)
    .set({ pinnedAt: pinned ? new Date() : null })
    .where(eq(media.id, mediaId));
}
