/**
 * NOTE: opens the nav bar's 'Upload Content' dialog from elsewhere on the page (the home page's "Upload a first
 * clip", a community's "Share a post"). Rules for callers: call `openUploadDialog()` from a click, with the
 * community the post should go into when there is one; only the nav's UploadButton listens (it loads the dialog
 * on demand), so on a page without it (signed out) nothing happens.
 */
import { atom } from 'nanostores';
import type { CommunityRef } from '../../shared/community-types.ts';

/** The latest ask: `count` changes with each, so listeners act on every one. */
export const $uploadDialogAsks = atom<{ count: number; community: CommunityRef | null }>({ count: 0, community: null });

export function openUploadDialog(community: CommunityRef | null = null): void {
  $uploadDialogAsks.set({ count: $uploadDialogAsks.get().count + 1, community });
}
