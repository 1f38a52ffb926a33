/**
 * NOTE: what a probed video becomes (ADR 051), as pure rules with no process behind them (unit-tested):
 * - refused: no picture, longer than the limit, larger than 8K; the text says why and what to do;
 * - `remux`: already H.264 in 8-bit 4:2:0 with AAC or no sound, and upright: the streams are copied byte for byte
 *   into an MP4 whose index comes first (`+faststart`), so it starts playing before it has all arrived;
 * - `transcode`: anything else becomes H.264 High (CRF 23, a fast preset), 8-bit 4:2:0, AAC, at most 1080p and
 *   60 fps, even dimensions, upright (ffmpeg applies the rotation the phone recorded), faststart.
 *   A turned clip is always transcoded: players disagree on the turn a container asks for (ffmpeg 4.1's own muxer
 *   writes it backwards), so the turn is applied to the pixels once, here.
 * Both keep none of the file's metadata (a phone's .mov carries where it was shot).
 */
import type { ProbedVideo } from './probe.ts';

export const VIDEO_MAX_EDGE = 7680;
/** 8K UHD's picture: a square 7680×7680 has the longest side allowed but nearly twice the pixels. */
export const VIDEO_MAX_PIXELS = 7680 * 4320;
const OUT_LONG_EDGE = 1920;
const OUT_SHORT_EDGE = 1080;
const MAX_FPS = 60;
const REMUXABLE_PIXELS = new Set(['yuv420p', 'yuvj420p']);

export type VideoPlan =
  { kind: 'refused'; reason: string } | { kind: 'remux' | 'transcode'; args: string[]; width: number; height: number };

/** '12:34' or '1:02:03' for a refusal's text. */
export const clock = (seconds: number) => {
  const s = Math.round(seconds);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
};

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The picture's size upright, scaled to fit 1080p either way round, in even numbers. */
export function outputSize(width: number, height: number, rotation: number): { width: number; height: number } {
  const [w, h] = rotation % 180 === 0 ? [width, height] : [height, width];
  const scale = Math.min(1, OUT_LONG_EDGE / Math.max(w, h), OUT_SHORT_EDGE / Math.min(w, h));
  return { width: even(w * scale), height: even(h * scale) };
}

export function refusal(probe: ProbedVideo | null, maxSeconds: number): string | null {
  if (!probe?.video) return 'This file has no video we can read. It may be damaged, or in a format we do not support.';
  if (probe.duration !== null && probe.duration > maxSeconds) {
    return `Videos may be at most ${clock(maxSeconds)} long; this one is ${clock(probe.duration)}. Trim it before posting.`;
  }
  if (Math.max(probe.video.width, probe.video.height) > VIDEO_MAX_EDGE || probe.video.width * probe.video.height > VIDEO_MAX_PIXELS) {
    return `Videos may be at most 8K (${VIDEO_MAX_EDGE} pixels on their longest side); this one is ${probe.video.width}×${probe.video.height}.`;
  }
  return null;
}

export function planVideo(probe: ProbedVideo | null, maxSeconds: number, threads: number): VideoPlan {
  const refused = refusal(probe, maxSeconds);
  if (refused || !probe?.video) return { kind: 'refused', reason: refused ?? '' };
  const { video, audio } = probe;
  // `V`: the first video that is not a cover picture (the stream the probe read).
  const common = ['-map', '0:V:0', '-map', '0:a:0?', '-map_metadata', '-1', '-movflags', '+faststart'];
  // A file that does not say how long it is may still run on: cut one second past the limit (then refused).
  const cut = probe.duration === null ? ['-t', String(maxSeconds + 1)] : [];
  const remux = video.codec === 'h264' && REMUXABLE_PIXELS.has(video.pixFmt) && (!audio || audio.codec === 'aac') && video.rotation === 0;
  if (remux) return { kind: 'remux', args: [...common, ...cut, '-c', 'copy'], width: video.width, height: video.height };
  const size = outputSize(video.width, video.height, video.rotation);
  const filters = [`scale=${size.width}:${size.height}`, ...(video.fps > MAX_FPS ? [`fps=${MAX_FPS}`] : []), 'format=yuv420p'];
  const encode = [
    // The rate cap keeps a noisy clip from coming out many times its upload's size (1080p60 stays sharp at 8 Mb/s).
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-maxrate', '8M', '-bufsize', '16M', '-profile:v', 'high'],
    ...['-vf', filters.join(',')],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-threads', String(threads)],
  ];
  return { kind: 'transcode', args: [...common, ...cut, ...encode], ...size };
}
