/**
 * NOTE: pure rules behind the media stores (no I/O, no DOM), unit-tested on their own:
 * - `flipLike` is the optimistic like toggle of spec §4: liked flips and the count moves by one (never below 0).
 * - `appendPage` adds a page's posts after those already listed, skipping ids already present, so a post that
 *   shows up twice (a retried page, a refresh racing a scroll) is never listed twice.
 */
import type { MediaItem } from '../shared/api-types.ts';

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
