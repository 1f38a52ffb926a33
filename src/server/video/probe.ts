/**
 * NOTE: what a video file holds, as ffprobe reads it (ADR 051). Decisions are made from this, never from the
 * file's name or the type the browser claimed. A file ffprobe cannot read is `null` (broken or not a video).
 */
import type { VideoType } from '../uploads/magic-bytes.ts';
import { runTool, ToolFailed } from './run-tool.ts';

export type VideoFormat = VideoType;
/** The demuxer for each container the upload's magic bytes allow (never ffmpeg's own guess). */
export const DEMUXER: Record<VideoFormat, string> = { mp4: 'mov', webm: 'matroska' };

export type ProbedVideo = {
  /** Seconds, or null when the container does not say (a WebM recorded live). */
  duration: number | null;
  video: { codec: string; pixFmt: string; width: number; height: number; rotation: number; fps: number } | null;
  audio: { codec: string } | null;
};

type Stream = {
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
  disposition?: { attached_pic?: number };
};
type Probe = { streams?: Stream[]; format?: { duration?: string } };

const PROBE_TIMEOUT_MS = 20_000;

/** '30000/1001' → 29.97; '0/0' → 0. */
export const rate = (text: string | undefined): number => {
  const [num, den] = (text ?? '0/0').split('/').map(Number);
  return num && den ? num / den : 0;
};

/** Degrees clockwise the picture must turn to stand upright, as one of 0, 90, 180, 270. */
export function rotationOf(stream: Stream): number {
  const side = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const degrees = side !== undefined ? -side : Number(stream.tags?.rotate ?? 0);
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

export function readProbe(json: string): ProbedVideo | null {
  let parsed: Probe;
  try {
    parsed = JSON.parse(json) as Probe;
  } catch {
    return null;
  }
  const streams = parsed.streams ?? [];
  // A cover picture inside an audio file is a 'video' stream too: it is not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(parsed.format?.duration);
  return {
    duration: Number.isFinite(duration) && duration > 0 ? duration : null,
    video:
      video?.codec_name && video.width && video.height
        ? {
            codec: video.codec_name,
            pixFmt: video.pix_fmt ?? '',
            width: video.width,
            height: video.height,
            rotation: rotationOf(video),
            fps: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
          }
        : null,
    audio: audio?.codec_name ? { codec: audio.codec_name } : null,
  };
}

/**
 * Null when ffprobe read the file and found no video in it; throws when ffprobe could not do its work (stopped,
 * timed out, could not start), which says nothing about the file. `format`: the container the file's first bytes
 * claimed (uploads/magic-bytes.ts): only that demuxer may read it.
 */
export async function probeVideo(ffprobe: string, file: string, format: VideoFormat, signal?: AbortSignal): Promise<ProbedVideo | null> {
  const args = [
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-f',
    DEMUXER[format],
    '-show_format',
    '-show_streams',
    '-of',
    'json',
    `file:${file}`,
  ];
  try {
    return readProbe(await runTool(ffprobe, args, { timeoutMs: PROBE_TIMEOUT_MS, signal }));
  } catch (err) {
    if (err instanceof ToolFailed && err.failure === 'exit') return null;
    throw err;
  }
}
