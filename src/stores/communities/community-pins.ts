/**
 * NOTE: pinning a community post (its moderators; ADR 049). `setPinned` calls the API, marks the cached post, and
 * bumps `$pinsChanged`, which a community's post grid listens to so it reloads with the pins first. Throws
 * ApiError on a refused answer (a full set of pins is 409 with the reason to show).
 */
import { atom } from 'nanostores';
import { api, serverMessageOf } from '../../client/api.ts';
import { toast } from '../toasts.ts';
import type { MessageResponse } from '../../shared/api-types.ts';
import { $posts } from '../media/posts.ts';
import { communityPath } from '../../shared/paths.ts';

/** Counts pin changes made in this tab; the value itself means nothing. */
export const $pinsChanged = atom(0);

/** `setPinned`, saying how it went in a toast (the post menu's Pin and Unpin). */
export async function pinWithToast(slug: string, postId: number, pinned: boolean): Promise<void> {
  try {
    toast.success(await setPinned(slug, postId, pinned));
  } catch (err) {
    toast.error(serverMessageOf(err) ?? (pinned ? 'Pinning failed' : 'Unpinning failed'));
  }
}

export async function setPinned(slug: string, postId: number, pinned: boolean): Promise<string> {
  const path = `${communityPath(slug)}/pins/${postId}`;
  const done = await (pinned ? api.put<MessageResponse>(path) : api.delete<MessageResponse>(path));
  const post = $posts.get()[postId];
  if (post) $posts.setKey(postId, { ...post, pinned });
  $pinsChanged.set($pinsChanged.get() + 1);
  return done.message;
}
