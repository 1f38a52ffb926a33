/**
 * NOTE: what a trim selection means (spec §4 "Upload", §9), as pure functions the dialog, the uploads store and
 * the ffmpeg module share. Rules for callers:
 * - A selection is `{ start, end, duration }` in seconds; `duration` is the video element's own.
 * - The sliders move in TRIM_STEP_SECONDS, so their top value is the last whole step (`sliderMax`), which can sit
 *   just below the true duration: an end within one step of the duration means "to the end" (`reachesEnd`).
 * - `needsTrim` false → upload the original file untouched. Otherwise `trimArgs` is the ffmpeg command line.
 */
import { TRIM_STEP_SECONDS, TRIM_STREAM_COPY_MIN_SECONDS } from '../shared/constants.ts';

export type TrimSelection = { start: number; end: number; duration: number };
export type TrimMode = 'copy' | 'reencode';

// Float noise: 0.1 * 3 is 0.30000000000000004.
const EPSILON = 1e-6;

/** One decimal place, the sliders' resolution. */
const toStep = (seconds: number) => Math.round(seconds * 10) / 10;

/** The highest value a trim slider can take for a video of this length. */
export function sliderMax(duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return toStep(Math.floor(duration / TRIM_STEP_SECONDS + EPSILON) * TRIM_STEP_SECONDS);
}

export function reachesEnd({ end, duration }: TrimSelection): boolean {
  return end >= duration - TRIM_STEP_SECONDS + EPSILON || end >= sliderMax(duration) - EPSILON;
}

/** Spec §4: trim only when the start is above 0 or the end is below the full length. */
export function needsTrim(selection: TrimSelection): boolean {
  return selection.start > EPSILON || !reachesEnd(selection);
}

/** The length the upload will have. */
export function selectedLength(selection: TrimSelection): number {
  const end = reachesEnd(selection) ? selection.duration : selection.end;
  return Math.max(0, end - selection.start);
}

/** Spec §9: a selected clip longer than TRIM_STREAM_COPY_MIN_SECONDS is cut by stream copy, a shorter one re-encoded. */
export function trimMode(selection: TrimSelection): TrimMode {
  return selectedLength(selection) > TRIM_STREAM_COPY_MIN_SECONDS + EPSILON ? 'copy' : 'reencode';
}

/**
 * The ffmpeg arguments that cut `input` to the selection into the MP4 `output`.
 * `-ss`/`-to` go before `-i` (input options): ffmpeg seeks in the container instead of decoding everything
 * before the start. An end that reaches the clip's end is left out, so nothing is lost to slider rounding.
 *
 * Keyframes, copy mode: packets are copied, so the cut can only begin on a keyframe. We keep ffmpeg's default,
 * which starts at the keyframe at or before `start` (nothing the person chose is lost; up to one GOP of extra
 * lead-in may come along, usually under a second for phone and capture clips). Re-encoding would be exact but
 * is far too slow in WebAssembly for long clips, which is why the spec re-encodes only short ones.
 * Re-encode mode: ffmpeg decodes from that keyframe and drops frames before `start`, so the cut is exact.
 */
export function trimArgs(selection: TrimSelection, input: string, output: string): string[] {
  const range = ['-ss', seconds(selection.start)];
  if (!reachesEnd(selection)) range.push('-to', seconds(selection.end));
  const codecs =
    trimMode(selection) === 'copy'
      ? ['-c', 'copy']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'];
  // +faststart puts the index first, so the feed can start playing before the whole file has arrived.
  return [...range, '-i', input, ...codecs, '-movflags', '+faststart', output];
}

const seconds = (value: number) => toStep(value).toFixed(1);

/** A time for people: 75.25 → '1:15.3'. */
export function formatTrimTime(value: number): string {
  const tenths = Math.max(0, Math.round(value * 10));
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths % 600) / 10;
  return `${minutes}:${rest < 10 ? '0' : ''}${rest.toFixed(1)}`;
}

/** 'clip.mov' → 'clip-trimmed.mp4' (the server names stored files itself; this is only for people). */
export function trimmedName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'video';
  return `${base}-trimmed.mp4`;
}
