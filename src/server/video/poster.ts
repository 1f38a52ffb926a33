/**
 * NOTE: the still a video tile shows before it plays (ADR 051): the frame at about one second (the first frame of
 * a shorter clip), taken from the processed file, so it is upright; then, like a photo, a display WebP, a square
 * grid thumbnail and a placeholder, by sharp.
 */
import sharp from 'sharp';
import { placeholderOf } from '../storage/placeholder.ts';
import { runTool } from './run-tool.ts';

const POSTER_EDGE_PX = 1280;
const THUMB_EDGE_PX = 480;
const FRAME_TIMEOUT_MS = 60_000;

export type PosterFiles = { poster: Buffer; thumb: Buffer; placeholder: string };

/** Where the poster frame is taken: one second in, or the start of a clip shorter than two. */
export const posterTime = (duration: number) => (duration >= 2 ? 1 : 0);

export async function makePoster(
  ffmpeg: string,
  video: string,
  frame: string,
  duration: number,
  signal?: AbortSignal,
): Promise<PosterFiles> {
  // ffmpeg scales the frame down itself (never up), and sharp then works one step at a time from the smallest picture it has:
  // a node's memory while it processes stays small (architecture §8); each step takes milliseconds.
  const fit = `scale=w='min(${POSTER_EDGE_PX},iw)':h='min(${POSTER_EDGE_PX},ih)':force_original_aspect_ratio=decrease`;
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-protocol_whitelist', 'file'];
  args.push(
    '-ss',
    String(posterTime(duration)),
    '-i',
    `file:${video}`,
    '-frames:v',
    '1',
    '-vf',
    fit,
    '-f',
    'image2',
    '-c:v',
    'png',
    `file:${frame}`,
  );
  await runTool(ffmpeg, args, { timeoutMs: FRAME_TIMEOUT_MS, signal });
  const poster = await sharp(frame).webp({ quality: 80, effort: 3 }).toBuffer();
  const thumb = await sharp(poster).resize(THUMB_EDGE_PX, THUMB_EDGE_PX, { fit: 'cover' }).webp({ quality: 78, effort: 3 }).toBuffer();
  return { poster, thumb, placeholder: await placeholderOf(poster) };
}
