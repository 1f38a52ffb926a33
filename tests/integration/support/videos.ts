/**
 * NOTE: real video files for the media pipeline's tests, made by the same ffmpeg the server uses (once per test
 * run, in a temp folder), and what ffprobe says about a served file. Each clip is short and small: the tests check
 * what the pipeline does, not how fast.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '../../../src/server/logger.ts';
import { findVideoTools, type VideoTools } from '../../../src/server/video/tools.ts';

const run = promisify(execFile);
let tools: Promise<VideoTools> | undefined;
let dir: Promise<string> | undefined;

export const videoTools = () =>
  (tools ??= findVideoTools({ ffmpeg: undefined, ffprobe: undefined }, createLogger('silent')).then((t) => {
    if (!t) throw new Error('no ffmpeg: the media pipeline tests need one');
    return t;
  }));

const picture = (size: string, seconds: number, rate = 30) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`,
];
const sound = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];

/** A phone's kind of clip: HEVC 10-bit with AAC in a .mov, turned a quarter (its rotation written by a remux). */
function phoneClip(size: string, seconds: number) {
  return async (ffmpeg: string, out: string) => {
    const flat = `${out}.flat.mov`;
    const hevc = ['-c:v', 'libx265', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p10le', '-tag:v', 'hvc1'];
    await ffmpeg_(ffmpeg, [...picture(size, seconds), ...sound(seconds), ...hevc, '-c:a', 'aac', '-shortest', flat]);
    await ffmpeg_(ffmpeg, ['-i', flat, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', out]);
    await fs.rm(flat);
  };
}

const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
/** Small silent H.264 with its index first. */
const silentH264 = (seconds: number) => (ffmpeg: string, out: string) =>
  ffmpeg_(ffmpeg, [...picture('320x180', seconds), ...H264, '-movflags', '+faststart', out]);

/** How each clip is made, into the output file it is given. */
const RECIPES = {
  /** A phone's clip: HEVC 10-bit in a .mov, recorded turned (rotation metadata), with AAC sound. */
  'hevc-10bit-rotated.mov': phoneClip('640x360', 3),
  /** The same kind of clip, long enough to watch it being processed (the journeys), short enough for two at once. */
  'phone-720p-8s.mov': phoneClip('1280x720', 8),
  /** Long enough for a screenshot to catch it being processed. */
  'phone-720p-20s.mov': phoneClip('1280x720', 20),
  /** H.264 + AAC as a camera writes it: the index (moov) after the data. */
  'h264-index-at-end.mp4': (ffmpeg: string, out: string) =>
    ffmpeg_(ffmpeg, [...picture('640x360', 3), ...sound(3), ...H264, '-c:a', 'aac', '-shortest', out]),
  /** VP9 in WebM without sound (a browser's screen recording). */
  'vp9-silent.webm': (ffmpeg: string, out: string) =>
    ffmpeg_(ffmpeg, [...picture('480x270', 2), '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', out]),
  /** Eight seconds: over the limit the tests set (MEDIA_VIDEO_MAX_SECONDS=5). */
  'eight-seconds.mp4': silentH264(8),
  /** Two small seconds with the index first: the base of the damaged files. */
  'two-seconds.mp4': silentH264(2),
  /** Long enough to be caught mid-transcode: 1080p in 4:4:4 (which must be transcoded), twelve seconds. */
  'slow-1080p.mp4': (ffmpeg: string, out: string) =>
    ffmpeg_(ffmpeg, [...picture('1920x1080', 12), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv444p', out]),
} as const;
export type ClipName = keyof typeof RECIPES;

const ffmpeg_ = (ffmpeg: string, args: string[]) =>
  run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { timeout: 120_000 });

const made = new Map<ClipName, Promise<string>>();

/** The clip's path (made on first use). */
export function clip(name: ClipName): Promise<string> {
  let file = made.get(name);
  if (!file) {
    file = (async () => {
      const folder = await (dir ??= fs.mkdtemp(path.join(os.tmpdir(), 'sp-clips-')));
      const out = path.join(folder, name);
      await RECIPES[name]((await videoTools()).ffmpeg, out);
      return out;
    })();
    made.set(name, file);
  }
  return file;
}

/** A clip with its bytes mangled: `truncated` loses its second half; `zeroed` keeps a valid index over data that is all zeros. */
export async function damaged(kind: 'truncated' | 'zeroed'): Promise<Buffer> {
  const bytes = await fs.readFile(await clip('two-seconds.mp4')); // the index is first
  if (kind === 'truncated') return bytes.subarray(0, Math.floor(bytes.length / 2));
  const copy = Buffer.from(bytes);
  const mdat = copy.indexOf('mdat');
  copy.fill(0, mdat + 4);
  return copy;
}

export type Served = {
  video: {
    codec_name: string;
    pix_fmt: string;
    width: number;
    height: number;
    profile?: string;
    side_data_list?: Array<{ rotation?: number }>;
  };
  audio: { codec_name: string } | undefined;
  duration: number;
  /** The top-level boxes in order (an MP4 that starts playing at once has `moov` before `mdat`). */
  boxes: string[];
};

/** What ffprobe and the box layout say about a file's bytes. */
export async function describe(bytes: Buffer): Promise<Served> {
  const file = path.join(os.tmpdir(), `sp-served-${process.pid}-${Math.random().toString(36).slice(2)}.mp4`);
  await fs.writeFile(file, bytes);
  try {
    const { stdout } = await run((await videoTools()).ffprobe, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
    const probe = JSON.parse(stdout) as { streams: Array<Record<string, unknown>>; format: { duration: string } };
    const video = probe.streams.find((s) => s.codec_type === 'video') as Served['video'];
    const audio = probe.streams.find((s) => s.codec_type === 'audio') as Served['audio'];
    return { video, audio, duration: Number(probe.format.duration), boxes: topLevelBoxes(bytes) };
  } finally {
    await fs.rm(file, { force: true });
  }
}

function topLevelBoxes(bytes: Buffer): string[] {
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    const size32 = bytes.readUInt32BE(at);
    const size = size32 === 1 ? Number(bytes.readBigUInt64BE(at + 8)) : size32 === 0 ? bytes.length - at : size32;
    boxes.push(bytes.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

/** The MD5 of each video packet, in order: equal lists mean the picture was copied byte for byte. */
export async function videoPacketHashes(file: string): Promise<string[]> {
  const { stdout } = await run(
    (await videoTools()).ffprobe,
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_packets',
      '-show_data_hash',
      'MD5',
      '-show_entries',
      'packet=data_hash',
      '-of',
      'csv=p=0',
      file,
    ],
    { maxBuffer: 2 ** 26 },
  );
  return stdout.split('\n').filter(Boolean);
}
