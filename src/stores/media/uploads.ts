/**
 * NOTE: uploads running in the background (spec §4 "Upload"): state and its actions side by side.
 * Rules for callers:
 * - `startUpload({ file, caption, trim, game })` returns at once; the dialog closes and resets right after calling it.
 *   The work (trim if needed, then POST /media/upload) lives here at module level, so it survives ClientRouter
 *   navigations while the islands remount. Several uploads may run at once.
 * - Call `watchUploadEvents()` from the persisted nav island (idempotent): it subscribes to `upload_progress`.
 * - Read `$uploads` for what is running (phase, percent); never set it from outside.
 * - Each upload has one toast that changes state (upload-announcer.ts decides which outcome is told, once), never
 *   thrown: 'Processing video...' while trimming, 'Your media is being uploaded...' until the end, 'Preparing your
 *   video for everyone... N%' while the server processes a video (ADR 051), then 'Upload complete! Click here to
 *   view your post' (→ /feed) or the server's error text. A failed trim uploads nothing.
 *   An upload whose outcome another toast already told (a push matched to an older upload) drops its own.
 * - Browser only: `startUpload` needs XMLHttpRequest; importing this module during SSR is harmless.
 */
import { atom } from 'nanostores';
import { api, serverMessageOf } from '../../client/api.ts';
import type { TrimSelection } from '../../client/trim-plan.ts';
import type { UploadResponse } from '../../shared/api-types.ts';
import { onServerEvent } from '../socket.ts';
import { dismissToast, showToast, updateToast, type ToastKind, type ToastOptions } from '../toasts.ts';
import { createUploadAnnouncer } from './upload-announcer.ts';

export const PROCESSING_TEXT = 'Processing video...';
export const UPLOADING_TEXT = 'Your media is being uploaded...';
export const COMPLETE_TEXT = 'Upload complete! Click here to view your post';
/** A video uploaded and being made playable everywhere (ADR 051), with its share done once the server says. */
export const preparingText = (percent?: number) => `Preparing your video for everyone...${percent === undefined ? '' : ` ${percent}%`}`;
export const TRIM_FAILED_TEXT = 'Could not process the video. Nothing was uploaded.';
export const UPLOAD_FAILED_TEXT = 'Upload failed. Please try again.';
const FEED_PATH = '/feed';

export type UploadPhase = 'processing' | 'uploading';
/** `percent` is the share of the request body sent (0-100); while processing it stays 0. */
export type UploadJob = { id: number; name: string; phase: UploadPhase; percent: number };
/** `game`: the slug of the game the post is tagged with, or null; `community`: the slug of the community it goes into, or null. */
export type UploadRequest = { file: File; caption: string; trim: TrimSelection | null; game?: string | null; community?: string | null };

export const $uploads = atom<UploadJob[]>([]);

const announcer = createUploadAnnouncer();
/** Each running upload's toast, while it shows a state that is not the outcome yet. */
const toastOf = new Map<number, string>();
let nextId = 1;
let watching = false;

const patch = (id: number, change: Partial<UploadJob>) =>
  $uploads.set($uploads.get().map((job) => (job.id === id ? { ...job, ...change } : job)));
const remove = (id: number) => $uploads.set($uploads.get().filter((job) => job.id !== id));

/** Spec §4: the complete toast goes to /feed, or reloads it when the person is already there. */
async function viewFeed(): Promise<void> {
  if (window.location.pathname === FEED_PATH) {
    window.location.reload();
    return;
  }
  const { navigate } = await import('astro:transitions/client');
  await navigate(FEED_PATH);
}

/** Shows `id`'s state in its own toast, changing the one already shown; an outcome lets the toast go its way. */
function tell(id: number, kind: ToastKind, text: string, options: ToastOptions = {}): void {
  const shown = toastOf.get(id);
  const toastId = shown ? updateToast(shown, kind, text, options) : showToast(kind, text, options);
  if (options.sticky) toastOf.set(id, toastId);
  else toastOf.delete(id);
}

/** `id` ended and its outcome was told elsewhere: its waiting toast goes. */
function quiet(id: number): void {
  const shown = toastOf.get(id);
  toastOf.delete(id);
  if (shown) dismissToast(shown);
}

const announceComplete = (id: number) => tell(id, 'success', COMPLETE_TEXT, { onClick: () => void viewFeed() });
const WAITING = { sticky: true } as const;

export function startUpload(request: UploadRequest): void {
  const job: UploadJob = { id: nextId++, name: request.file.name, phase: 'uploading', percent: 0 };
  $uploads.set([...$uploads.get(), job]);
  void run(job.id, request).finally(() => remove(job.id));
}

async function run(id: number, { file, caption, trim, game, community }: UploadRequest): Promise<void> {
  let upload = file;
  // The trim rules load with the first video that has a selection, not with every page (the Upload button is on all).
  if (trim && (await import('../../client/trim-plan.ts')).needsTrim(trim)) {
    patch(id, { phase: 'processing' });
    tell(id, 'info', PROCESSING_TEXT, WAITING);
    try {
      const { trimVideo } = await import('../../client/trim-video.ts');
      upload = await trimVideo(file, trim);
    } catch (err) {
      console.error('Could not trim the video', err);
      tell(id, 'error', TRIM_FAILED_TEXT);
      return;
    }
    patch(id, { phase: 'uploading' });
    tell(id, 'info', UPLOADING_TEXT, WAITING);
  }

  const form = new FormData();
  form.append('caption', caption); // before the file: the server reads fields in order while streaming
  if (game) form.append('game', game);
  if (community) form.append('community', community);
  form.append('file', upload, upload.name);
  announcer.begin(id);
  try {
    const response = await api.uploadWithProgress<UploadResponse>('/media/upload', form, (sent, total) =>
      patch(id, { percent: total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0 }),
    );
    if (response.media.status === 'processing') {
      const now = announcer.httpProcessing(id, response.media.id);
      if (now === 'preparing') tell(id, 'info', preparingText(), WAITING);
      else if (now === 'ready') announceComplete(id);
      else if (now) tell(id, 'error', now.refused || UPLOAD_FAILED_TEXT);
      else quiet(id);
    } else if (announcer.httpDone(id, response.media.id)) announceComplete(id);
    else quiet(id);
  } catch (err) {
    if (announcer.httpFailed(id)) tell(id, 'error', serverMessageOf(err) ?? UPLOAD_FAILED_TEXT);
    else quiet(id);
  }
}

export function watchUploadEvents(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  onServerEvent('upload_progress', (event) => {
    if (event.processing !== undefined && event.media_id !== undefined) {
      const id = announcer.serverProcessing(event.media_id);
      if (id !== null) tell(id, 'info', preparingText(event.processing), WAITING);
    } else if (event.uploading) {
      const id = announcer.serverStarted();
      if (id !== null) tell(id, 'info', UPLOADING_TEXT, WAITING);
    } else if (event.error !== undefined || event.media_id === undefined) {
      const id = announcer.serverFailed(event.media_id, event.error);
      if (id !== null) tell(id, 'error', event.error ?? UPLOAD_FAILED_TEXT);
    } else {
      const id = announcer.serverDone(event.media_id, event.processed);
      if (id !== null) announceComplete(id);
    }
  });
}
