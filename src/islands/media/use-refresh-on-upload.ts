/**
 * NOTE: when the signed-in person's upload completes (the server's `upload_progress` with `uploading: false` and a
 * `media_id`, spec §4 "Upload"), the list shows the new post on top without a reload. Pass `enabled` false for
 * lists the upload cannot belong to (another user's media).
 */
import { useEffect } from 'react';
import type { MediaList } from '../../stores/media/media-lists.ts';
import { onServerEvent } from '../../stores/socket.ts';

export function useRefreshOnUpload(list: MediaList, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    return onServerEvent('upload_progress', (event) => {
      if (!event.uploading && event.media_id !== undefined) void list.refreshNewest();
    });
  }, [list, enabled]);
}
