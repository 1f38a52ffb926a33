/**
 * NOTE: decides which upload outcomes get a toast, so one outcome is announced once although two channels
 * report it: the HTTP response of POST /media/upload and the server's `upload_progress` pushes (ADR 015, 017).
 * Pure bookkeeping, no DOM: the uploads store asks it before each toast. Rules for callers:
 * - `begin(id)` just before an upload's request is sent; `httpDone`/`httpFailed` when it settles (always one).
 * - Each method answers "toast this?": the HTTP ones true or false, the push ones the id of the upload whose toast
 *   to change, or null. Pushes carry no upload id, so a push is matched to the oldest upload in flight in this
 *   tab; pushes while this tab has nothing in flight (another tab's upload) get no toast.
 */

/** How long an HTTP failure waits for the push that reports the same failure. */
const FAILURE_ECHO_MS = 30_000;
const REMEMBERED_MEDIA = 50;

type InFlight = { id: number; startAnnounced: boolean; failureAnnounced: boolean };

export function createUploadAnnouncer(now: () => number = Date.now) {
  const inFlight: InFlight[] = [];
  const announcedMedia: number[] = [];
  /** Times of failures the HTTP response announced before any push did. */
  const unechoedFailures: number[] = [];

  const take = (id: number): InFlight | undefined => {
    const index = inFlight.findIndex((u) => u.id === id);
    return index < 0 ? undefined : inFlight.splice(index, 1)[0];
  };
  const rememberMedia = (mediaId: number) => {
    announcedMedia.push(mediaId);
    if (announcedMedia.length > REMEMBERED_MEDIA) announcedMedia.shift();
  };
  const firstNewMedia = (mediaId: number): boolean => {
    if (announcedMedia.includes(mediaId)) return false;
    rememberMedia(mediaId);
    return true;
  };

  return {
    begin(id: number): void {
      inFlight.push({ id, startAnnounced: false, failureAnnounced: false });
    },
    /** Push `{uploading: true}`. */
    serverStarted(): number | null {
      const upload = inFlight.find((u) => !u.startAnnounced);
      if (!upload) return null;
      upload.startAnnounced = true;
      return upload.id;
    },
    /**
     * Push `{uploading: false, media_id}`. With several uploads in flight it cannot tell whose it is, so it leaves
     * the telling to each upload's HTTP answer rather than calling the wrong one complete.
     */
    serverDone(mediaId: number): number | null {
      return inFlight.length === 1 && firstNewMedia(mediaId) ? inFlight[0]!.id : null;
    },
    /** Push `{uploading: false, error}`: first taken as the echo of a failure the HTTP response already showed. */
    serverFailed(): number | null {
      const since = now() - FAILURE_ECHO_MS;
      while (unechoedFailures.length > 0 && unechoedFailures[0]! < since) unechoedFailures.shift();
      if (unechoedFailures.shift() !== undefined) return null;
      const upload = inFlight.find((u) => !u.failureAnnounced);
      if (!upload) return null;
      upload.failureAnnounced = true;
      return upload.id;
    },
    httpDone(id: number, mediaId: number): boolean {
      take(id);
      return firstNewMedia(mediaId);
    },
    httpFailed(id: number): boolean {
      const upload = take(id);
      if (upload?.failureAnnounced) return false;
      unechoedFailures.push(now());
      return true;
    },
  };
}

export type UploadAnnouncer = ReturnType<typeof createUploadAnnouncer>;
