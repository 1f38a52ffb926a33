/**
 * NOTE: pure rules behind the media stores (no I/O, no DOM), unit-tested on their own:
 * - `flipLike` is the optimistic like toggle of spec §4: liked flips and the count moves by one (never below 0).
 * - `appendPage` adds a page's posts after those already listed, skipping ids already present, so a post that
 *   shows up twice (a retried page, a refresh racing a scroll) is never listed twice.
 * - `mayDeleteComment`: a comment's author and the post's owner may delete it (the server decides the same).
 * - `previewAfterDelete`: the card's newest-comment preview once a comment is gone (the newest one still loaded).
 */
import type { CommentItem, MediaItem } from '../../shared/api-types.ts';

export type LikeState = Pick<MediaItem, 'liked' | 'likes'>;

export function flipLike({ liked, likes }: LikeState): LikeState {
  return liked ? { liked: false, likes: Math.max(0, likes - 1) } : { liked: true, likes: likes + 1 };
}

export function appendPage(listed: readonly number[], page: readonly { id: number }[]): number[] {
  const seen = new Set(listed);
  const next = [...listed];
  for (const { id } of page) {
    if (seen.has(id)) continue;
    seen.add(id);
    next.push(id);
  }
  return next;
}

/** The comment's author, the post's author, and a moderator of the post's community (`moderates`) may delete it. */
export function mayDeleteComment(
  comment: Pick<CommentItem, 'user'>,
  postAuthorId: number,
  myId: number | null | undefined,
  moderates = false,
): boolean {
  if (myId === null || myId === undefined) return false;
  return comment.user.user_id === myId || postAuthorId === myId || moderates;
}

export function previewAfterDelete(preview: readonly CommentItem[], loaded: readonly CommentItem[], deletedId: number): CommentItem[] {
  if (!preview.some((c) => c.id === deletedId)) return [...preview];
  const remaining = loaded.filter((c) => c.id !== deletedId);
  const newest = remaining.at(-1);
  return newest ? [newest] : [];
}
