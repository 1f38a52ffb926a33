/**
 * NOTE: the posts cache shared by the feed, the profile media grids, the post modal and the phone Posts view:
 * state and actions side by side. Rules for callers:
 * - Lists (src/stores/media/media-lists.ts) keep ids; the posts themselves live here, one copy per id, so a like in
 *   the modal shows on the card behind it. Read `$posts` with useStore; change it only through these actions.
 * - `toggleLike` is optimistic everywhere (spec §4): liked and the count change at once, then POST like or
 *   DELETE dislike; the server's answer is adopted, and a refusal restores the last state the server confirmed.
 *   Clicks during a call still flip at once: one call at a time per post, and when it answers the store sends
 *   another only if the latest wish differs from what the server now holds (the last click wins, none is
 *   lost). It never throws; it resolves false on a refusal. Failures are only logged, except a refusal that
 *   says why (403/404 with the server's reason: the author blocked you, the post is gone), which is toasted,
 *   since the person could not otherwise tell why their like did not stick.
 * - `setCommentCount` records the count a comment call answered (and the newest comment for the card preview,
 *   or the preview to show instead after a deletion).
 * - `deletePost` throws the ApiError; after success the caller reloads the page (spec §4).
 * - Live (ADR 045): once posts are cached, the server's `post_counts` for watched posts (src/stores/live/watching.ts)
 *   set their counts; while this tab's own like call is in flight its optimistic count stays, and the call's
 *   answer (or the next event) settles it. One's own processing videos follow `upload_progress` (ADR 051).
 * Browser only, like every store (see session.ts).
 */
import { atom, map } from 'nanostores';
import { api, ApiError } from '../../client/api.ts';
import type { CommentItem, LikeResponse, MediaItem } from '../../shared/api-types.ts';
import { flipLike, type LikeState } from './media-reducers.ts';
import { onServerEvent } from '../socket.ts';
import { toast } from '../toasts.ts';

export const $posts = map<Record<number, MediaItem>>({});
/** Ids whose like call is in flight. */
export const $liking = atom<ReadonlySet<number>>(new Set());

let live = false;

export function upsertPosts(posts: readonly MediaItem[]): void {
  for (const post of posts) $posts.setKey(post.id, post);
  if (!live && typeof window !== 'undefined') {
    live = true;
    onServerEvent('post_counts', ({ post_id, likes, comment_count }) =>
      patchPost(post_id, $liking.get().has(post_id) ? { comment_count } : { likes, comment_count }),
    );
    onServerEvent('upload_progress', followProcessing);
  }
}

/**
 * One's own video while the server processes it (ADR 051): its share done, then the post as it is served once
 * ready (poster, size), or gone from every list when it was refused (the toast and the bell say why).
 */
function followProcessing(event: { uploading: boolean; media_id?: number; error?: string; processing?: number }): void {
  const id = event.media_id;
  if (id === undefined || $posts.get()[id]?.status !== 'processing') return;
  if (event.processing !== undefined) return patchPost(id, { progress: event.processing });
  if (event.uploading) return;
  if (event.error !== undefined) {
    const { [id]: _refused, ...others } = $posts.get();
    return $posts.set(others);
  }
  api.get<MediaItem>(`/media/${id}`).then(
    (post) => $posts.setKey(id, post),
    (err: unknown) => console.error('Could not load the processed post', err),
  );
}

function patchPost(id: number, changes: Partial<MediaItem>): void {
  const post = $posts.get()[id];
  if (post) $posts.setKey(id, { ...post, ...changes });
}

function setLiking(id: number, busy: boolean): void {
  const next = new Set($liking.get());
  if (busy) next.add(id);
  else next.delete(id);
  $liking.set(next);
}

export async function toggleLike(id: number): Promise<boolean> {
  const post = $posts.get()[id];
  if (!post) return true;
  patchPost(id, flipLike(post));
  if ($liking.get().has(id)) return true; // the call in flight sends this wish when it answers
  setLiking(id, true);
  let confirmed: LikeState = { liked: post.liked, likes: post.likes };
  try {
    for (let wish = $posts.get()[id]; wish && wish.liked !== confirmed.liked; wish = $posts.get()[id]) {
      const answer = wish.liked
        ? await api.post<LikeResponse>(`/media/${id}/like`)
        : await api.delete<LikeResponse>(`/media/${id}/dislike`);
      confirmed = { liked: answer.liked, likes: answer.likes };
    }
    patchPost(id, confirmed);
    return true;
  } catch (err) {
    console.error('Like failed', err); // spec §8: like failures are only logged...
    // ...but a deliberate refusal with a reason is news to the person, not a glitch.
    if (err instanceof ApiError && (err.status === 403 || err.status === 404) && err.serverMessage) toast.error(err.serverMessage);
    patchPost(id, confirmed);
    return false;
  } finally {
    setLiking(id, false);
  }
}

export function setCommentCount(id: number, count: number, preview?: CommentItem | CommentItem[]): void {
  if (preview === undefined) return patchPost(id, { comment_count: count });
  patchPost(id, { comment_count: count, comments: Array.isArray(preview) ? preview : [preview] });
}

export async function deletePost(id: number): Promise<void> {
  await api.delete(`/media/${id}`);
}
