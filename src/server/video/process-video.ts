/**
 * NOTE: one video from the uploaded file to what is served (ADR 051): probe, plan, ffmpeg, probe the result, poster.
 * Answers either the finished files in `workDir` or why the video is refused (told to its author); throws only when
 * stopped (`signal`) or when something outside the video failed (a retry may succeed). Progress is reported as the
 * share of the clip written, 0-100.
 */
import path from 'node:path';
import { planVideo, refusal } from './plan.ts';
import { makePoster, type PosterFiles } from './poster.ts';
import { DEMUXER, probeVideo, type VideoFormat } from './probe.ts';
import { fileAtFault, runTool, ToolFailed } from './run-tool.ts';
import type { VideoTools } from './tools.ts';

export type VideoSettings = { maxSeconds: number; threads: number };
export type ProcessedVideo = PosterFiles & { file: string; kind: 'remux' | 'transcode'; width: number; height: number; duration: number };
/** `detail`: ffmpeg's own words, for the log only. */
export type VideoOutcome = { done: ProcessedVideo } | { refused: string; detail?: string };

const DAMAGED = 'This video could not be processed: the file may be damaged, or use a format we do not support.';
const TOO_SLOW = 'This video took too long to process. Try a shorter or smaller clip.';

/** A minute to start and write, plus four times the clip's length: generous on two slow cores. */
export const wallTimeMs = (seconds: number) => (60 + 4 * seconds) * 1000;

export async function processVideo(
  tools: VideoTools,
  input: string,
  workDir: string,
  settings: VideoSettings,
  run: { format: VideoFormat; signal: AbortSignal; onProgress: (percent: number) => void },
): Promise<VideoOutcome> {
  const probe = await probeVideo(tools.ffprobe, input, run.format, run.signal);
  const plan = planVideo(probe, settings.maxSeconds, settings.threads);
  if (plan.kind === 'refused') return { refused: plan.reason };
  const expected = probe!.duration ?? settings.maxSeconds;
  const output = path.join(workDir, 'out.mp4');
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-protocol_whitelist', 'file'];
  args.push('-f', DEMUXER[run.format], '-i', `file:${input}`);
  args.push(...plan.args, '-progress', 'pipe:1', '-nostats', '-f', 'mp4', `file:${output}`);
  const onLine = (line: string) => {
    // `out_time_us` (ffmpeg 4.1 names microseconds `out_time_ms` too): seconds written so far.
    const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
    if (match) run.onProgress(Math.min(99, Math.floor((Number(match[1]) / 1e6 / expected) * 100)));
  };
  try {
    await runTool(tools.ffmpeg, args, { timeoutMs: wallTimeMs(expected), signal: run.signal, onLine });
  } catch (err) {
    if (run.signal.aborted || !fileAtFault(err)) throw err;
    const failed = err as InstanceType<typeof ToolFailed>;
    return { refused: failed.failure === 'timeout' ? TOO_SLOW : DAMAGED, detail: `${failed.message}: ${failed.stderr}` };
  }
  const result = await probeVideo(tools.ffprobe, output, 'mp4', run.signal);
  const refused = refusal(result, settings.maxSeconds);
  if (refused || !result?.video || result.duration === null) return { refused: refused ?? DAMAGED };
  const poster = await makePoster(tools.ffmpeg, output, path.join(workDir, 'poster.png'), result.duration, run.signal).catch(
    (err: unknown) => {
      // The frame could not be taken or read: the file's fault. Anything else is tried again.
      if (run.signal.aborted || (err instanceof ToolFailed && !fileAtFault(err))) throw err;
      return null;
    },
  );
  if (!poster) return { refused: DAMAGED };
  const { width, height } = result.video;
  return { done: { ...poster, file: output, kind: plan.kind, width, height, duration: result.duration } };
}
