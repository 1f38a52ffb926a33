/**
 * NOTE: the comments of posts opened in the post modal, the comments drawer or the Posts view: state and actions
 * side by side. Rules for callers:
 * - `openPost(id)` is for opening a post (modal, drawer): GET /media/{id} refreshes the post (likes, caption, URLs)
 *   and gives the first page of comments, oldest first. It resolves false when the post is not there for the
 *   viewer (the API's 404), else true. `loadComments(id)` reloads that page alone;
 *   `loadMoreComments(id)` appends the next one.
 * - `postComment(id, comment)` takes what the shared commentSchema gave the form (the form validates, so this
 *   module and every page that opens posts stay free of valibot), POSTs, reloads the list and records the new
 *   count on the post (spec §4). It resolves with null on success or the message to show; it never throws.
 *   `sending` is true while it runs.
 * - `deleteComment(postId, commentId)` DELETEs it (its author or the post's owner: `mayDeleteComment`), then drops
 *   it from the list, records the new count and mends the card's preview. It resolves with null or the message
 *   to show; it never throws.
 * - Failures are logged (spec §8) and kept as `error` for the list.
 * - Live (ADR 045): a comment added to an open list that has reached its end is fetched and appended (one already
 *   listed is not); one deleted leaves the list and the card's preview. Lists never opened ignore both.
 */
import { map } from 'nanostores';
import { ApiError, api, serverMessageOf } from '../../client/api.ts';
import type { CommentDeletedResponse, CommentItem, CommentResponse, CommentsResponse, MediaItem } from '../../shared/api-types.ts';
import type { CommentOutput } from '../../shared/schemas/media.ts';
import { previewAfterDelete } from './media-reducers.ts';
import { onServerEvent } from '../socket.ts';
import { $posts, setCommentCount, upsertPosts } from './posts.ts';

export type CommentsState = { items: CommentItem[]; loading: boolean; sending: boolean; hasNext: boolean; error: string | null };

export const $comments = map<Record<number, CommentsState>>({});

const empty: CommentsState = { items: [], loading: false, sending: false, hasNext: false, error: null };

export const commentsOf = (all: Record<number, CommentsState>, id: number): CommentsState => all[id] ?? empty;

let live = false;
/** Posts whose list heard of a comment while it was loading: asked again once that load ends. */
const askAgain = new Set<number>();

function patch(id: number, changes: Partial<CommentsState>): void {
  $comments.setKey(id, { ...commentsOf($comments.get(), id), ...changes });
  if (!live && typeof window !== 'undefined') {
    live = true;
    onServerEvent('comment_added', ({ post_id, comment_id }) => receiveComment(post_id, comment_id));
    onServerEvent('comment_removed', ({ post_id, comment_id }) => dropComment(post_id, comment_id));
  }
}

function receiveComment(postId: number, commentId: number): void {
  const state = $comments.get()[postId];
  if (!state || state.hasNext || state.items.some((c) => c.id === commentId)) return;
  if (state.loading) {
    askAgain.add(postId);
    return;
  }
  void fetchPage(postId, state.items.at(-1)?.id ?? null);
}

function dropComment(postId: number, commentId: number): void {
  const state = $comments.get()[postId];
  const post = $posts.get()[postId];
  if (post?.comments.some((c) => c.id === commentId)) {
    setCommentCount(postId, post.comment_count, previewAfterDelete(post.comments, state?.items ?? [], commentId));
  }
  if (state?.items.some((c) => c.id === commentId)) patch(postId, { items: state.items.filter((c) => c.id !== commentId) });
}

async function fetchPage(id: number, after: number | null): Promise<void> {
  patch(id, { loading: true, error: null });
  try {
    const page = await api.get<CommentsResponse>(`/media/${id}/comments${after === null ? '' : `?after=${after}`}`);
    const listed = commentsOf($comments.get(), id).items;
    // Merged by id: a live fetch and a reload may overlap, and neither may list a comment twice.
    const known = new Set(listed.map((c) => c.id));
    const items = after === null ? page.comments : [...listed, ...page.comments.filter((c) => !known.has(c.id))];
    patch(id, { items, loading: false, hasNext: page.has_next });
    setCommentCount(id, page.comment_count);
    // A comment announced while this load ran may have been read before it existed: ask for what follows.
    if (askAgain.delete(id) && !page.has_next) void fetchPage(id, items.at(-1)?.id ?? null);
  } catch (err) {
    console.error('Loading comments failed', err);
    patch(id, { loading: false, error: serverMessageOf(err) ?? 'Failed to load comments' });
  }
}

export const loadComments = (id: number): Promise<void> => fetchPage(id, null);

export async function openPost(id: number): Promise<boolean> {
  patch(id, { loading: true, error: null });
  try {
    const post = await api.get<MediaItem>(`/media/${id}`);
    // Cards preview the newest comment; the detail's list starts with the oldest, so the preview stays.
    upsertPosts([{ ...post, comments: $posts.get()[id]?.comments ?? post.comments.slice(-1) }]);
    patch(id, { items: post.comments, loading: false, hasNext: post.comment_count > post.comments.length });
    return true;
  } catch (err) {
    console.error('Opening a post failed', err);
    patch(id, { loading: false, error: serverMessageOf(err) ?? 'Failed to load comments' });
    return !(err instanceof ApiError && err.status === 404);
  }
}

export function loadMoreComments(id: number): Promise<void> {
  const state = commentsOf($comments.get(), id);
  if (state.loading || !state.hasNext) return Promise.resolve();
  return fetchPage(id, state.items.at(-1)?.id ?? null);
}

export async function postComment(id: number, comment: CommentOutput): Promise<string | null> {
  patch(id, { sending: true });
  try {
    const answer = await api.post<CommentResponse>(`/media/${id}/comments`, comment);
    setCommentCount(id, answer.comment_count, answer.comment);
    await fetchPage(id, null);
    return null;
  } catch (err) {
    console.error('Posting a comment failed', err);
    return serverMessageOf(err) ?? 'Failed to post comment';
  } finally {
    patch(id, { sending: false });
  }
}

export async function deleteComment(postId: number, commentId: number): Promise<string | null> {
  try {
    const answer = await api.delete<CommentDeletedResponse>(`/media/${postId}/comments/${commentId}`);
    const loaded = commentsOf($comments.get(), postId).items;
    const preview = previewAfterDelete($posts.get()[postId]?.comments ?? [], loaded, commentId);
    patch(postId, { items: loaded.filter((c) => c.id !== commentId) });
    setCommentCount(postId, answer.comments_count, preview);
    return null;
  } catch (err) {
    console.error('Deleting a comment failed', err);
    return serverMessageOf(err) ?? 'Failed to delete comment';
  }
}
