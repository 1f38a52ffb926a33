/**
 * NOTE: the real videos the bench uploads, made once with the ffmpeg the server uses and kept in `.tmp/bench-clips`
 * (a run after the first reuses them): a phone's minute (60 s of 1080p HEVC 10-bit in a .mov), and H.264 + AAC MP4s
 * of about 100 MB and 199 MB (noise, so the bytes are real: only remuxed by the pipeline).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '../src/server/logger.ts';
import { findVideoTools, type VideoTools } from '../src/server/video/tools.ts';

const run = promisify(execFile);
const DIR = path.resolve(import.meta.dirname, '../.tmp/bench-clips');

export type BenchClips = { hevcMinute: string; h264Mb100: string; h264Mb199: string; tools: VideoTools };

async function make(tools: VideoTools, name: string, args: string[]): Promise<string> {
  const file = path.join(DIR, name);
  if (
    await fs.stat(file).then(
      () => true,
      () => false,
    )
  )
    return file;
  const partial = `${file}.part${path.extname(name)}`;
  await run(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, partial], { timeout: 600_000 });
  await fs.rename(partial, file);
  return file;
}

const noisy = (seconds: number) => [
  ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=duration=${seconds}`],
  ...['-vf', 'noise=alls=30:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '40M', '-maxrate', '40M', '-bufsize', '80M'],
  ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
];

export async function benchClips(): Promise<BenchClips> {
  const tools = await findVideoTools({ ffmpeg: undefined, ffprobe: undefined }, createLogger('silent'));
  if (!tools) throw new Error('the bench needs ffmpeg (npm ci installs one)');
  await fs.mkdir(DIR, { recursive: true });
  const hevcMinute = await make(tools, 'hevc-1080p-60s.mov', [
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30:duration=60', '-f', 'lavfi', '-i', 'sine=duration=60'],
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p10le', '-tag:v', 'hvc1', '-c:a', 'aac', '-shortest'],
  ]);
  const h264Mb100 = await make(tools, 'h264-100mb.mp4', noisy(20));
  // Twice the 100 MB one, cut to stay under the default 200 MB limit.
  const h264Mb199 = await make(tools, 'h264-199mb.mp4', ['-stream_loop', '1', '-i', h264Mb100, '-t', '38', '-c', 'copy']);
  return { hevcMinute, h264Mb100, h264Mb199, tools };
}
