/**
 * NOTE: when the signed-in person's upload completes (the server's `upload_progress` with `uploading: false` and a
 * `media_id`, spec §4 "Upload"), the list shows the new post on top without a reload. A video the server still
 * processes (ADR 051) is asked for once, at its first progress report: lists that show such posts (one's own
 * grid) then list it as processing. Pass `enabled` false for lists the upload cannot belong to (another user's media).
 */
import { useEffect } from 'react';
import type { MediaList } from '../../stores/media/media-lists.ts';
import { onServerEvent } from '../../stores/socket.ts';

export function useRefreshOnUpload(list: MediaList, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const processing = new Set<number>();
    return onServerEvent('upload_progress', (event) => {
      const id = event.media_id;
      if (id === undefined || event.error !== undefined) return;
      if (event.processing !== undefined) {
        if (processing.has(id)) return;
        processing.add(id);
      } else if (event.uploading) return;
      void list.refreshNewest();
    });
  }, [list, enabled]);
}
