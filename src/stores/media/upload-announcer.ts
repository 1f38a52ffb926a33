/**
 * NOTE: decides which upload outcomes get a toast, so one outcome is announced once although two channels
 * report it: the HTTP response of POST /media/upload and the server's `upload_progress` pushes (ADR 015, 017).
 * Pure bookkeeping, no DOM: the uploads store asks it before each toast. Rules for callers:
 * - `begin(id)` just before an upload's request is sent; `httpDone`/`httpFailed` when it settles (always one).
 * - Each method answers "toast this?": the HTTP ones true or false, the push ones the id of the upload whose toast
 *   to change, or null. Pushes carry no upload id, so a push is matched to the oldest upload in flight in this
 *   tab; pushes while this tab has nothing in flight (another tab's upload) get no toast.
 * - A video answered as still processing (ADR 051): `httpProcessing(id, mediaId)` instead of `httpDone`; from then
 *   on the pushes that name that `media_id` (progress, ready, refused) are its, and nothing else. A short clip may be
 *   ready (or refused) before its HTTP answer arrives: that end is kept and `httpProcessing` answers it.
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
  /** Uploads whose video is processing, by the post's id. */
  const processing = new Map<number, number>();
  /** Ends of processed videos heard before their HTTP answer: null when ready, else the refusal's text. */
  const early = new Map<number, string | null>();
  const finishProcessing = (mediaId: number, end: string | null): number | null => {
    const id = processing.get(mediaId);
    if (id === undefined) {
      early.set(mediaId, end);
      if (early.size > REMEMBERED_MEDIA) early.delete(early.keys().next().value!);
      return null;
    }
    processing.delete(mediaId);
    rememberMedia(mediaId);
    return id;
  };

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
    serverDone(mediaId: number, processed = false): number | null {
      // A processed video's end is only ever its own upload's (another tab's, or one from before a reload, is not).
      if (processed || processing.has(mediaId)) return finishProcessing(mediaId, null);
      return inFlight.length === 1 && firstNewMedia(mediaId) ? inFlight[0]!.id : null;
    },
    /** Push `{uploading: true, media_id, processing}`: the upload whose video it is, or null. */
    serverProcessing(mediaId: number): number | null {
      return processing.get(mediaId) ?? null;
    },
    /**
     * Push `{uploading: false, error}`: first taken as the echo of a failure the HTTP response already showed. With
     * a `mediaId` (a processed video refused), the upload whose video it was, or null.
     */
    serverFailed(mediaId?: number, error = ''): number | null {
      if (mediaId !== undefined) return finishProcessing(mediaId, error);
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
    /**
     * The HTTP answer of a video still processing: what to tell now. 'preparing' (its end comes later), 'ready' or
     * `{ refused }` (its end came first), or null (it was told already).
     */
    httpProcessing(id: number, mediaId: number): 'preparing' | 'ready' | { refused: string } | null {
      take(id);
      if (announcedMedia.includes(mediaId)) return null;
      if (early.has(mediaId)) {
        const end = early.get(mediaId)!;
        early.delete(mediaId);
        rememberMedia(mediaId);
        return end === null ? 'ready' : { refused: end };
      }
      processing.set(mediaId, id);
      return 'preparing';
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
