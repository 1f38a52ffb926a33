/**
 * NOTE: opens the nav bar's 'Upload Content' dialog from elsewhere on the page (the home page's "Upload a first
 * clip"). Rules for callers: call `openUploadDialog()` from a click; only the nav's UploadButton listens (it loads
 * the dialog on demand), so on a page without it (signed out) nothing happens.
 */
import { atom } from 'nanostores';

/** Counts the asks; the value itself means nothing, listeners act on each change. */
export const $uploadDialogAsks = atom(0);

export function openUploadDialog(): void {
  $uploadDialogAsks.set($uploadDialogAsks.get() + 1);
}
