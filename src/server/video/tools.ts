/**
 * NOTE: which ffmpeg and ffprobe process video (ADR 051), decided once at start:
 * 1. `FFMPEG_PATH` / `FFPROBE_PATH` when set (the operator's choice; a path that does not run stops the start);
 * 2. else an ffmpeg on PATH newer than the bundled one (a distribution's maintained build, with security fixes);
 * 3. else the static builds bundled by `@ffmpeg-installer/ffmpeg` and `@ffprobe-installer/ffprobe`, so
 *    `npm ci && npm start` processes video on a machine with nothing else installed.
 * None of them (an unsupported platform): `null`, and video uploads are refused with a clear message.
 */
import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '../logger.ts';

export type VideoTools = { ffmpeg: string; ffprobe: string; source: 'configured' | 'system' | 'bundled'; version: string };
export type ToolPaths = { ffmpeg: string | undefined; ffprobe: string | undefined };

/** The bundled build is ffmpeg 4.1 (December 2018): any release after it is newer. */
const BUNDLED_RELEASE = [4, 1] as const;
const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** `ffmpeg version 7.1.1-1+b1 …` → [7, 1]; a git snapshot (`N-…`) → null. */
export function releaseOf(versionLine: string): [number, number] | null {
  const match = /version n?(\d+)\.(\d+)/.exec(versionLine);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** A release after the bundled one; a build that names no release (a snapshot someone installed) counts as newer. */
export function newerThanBundled(versionLine: string): boolean {
  const release = releaseOf(versionLine);
  if (!release) return true;
  const [major, minor] = release;
  return major > BUNDLED_RELEASE[0] || (major === BUNDLED_RELEASE[0] && minor > BUNDLED_RELEASE[1]);
}

/** The first line of `-version`, or null when the file does not run. */
async function versionOf(file: string): Promise<string | null> {
  try {
    // Like every run of the tools (run-tool.ts), with none of the server's environment.
    const { stdout } = await run(file, ['-hide_banner', '-version'], {
      timeout: 10_000,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    return stdout.split('\n')[0]!.trim();
  } catch {
    return null;
  }
}

async function onPath(name: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    if (
      await access(file, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return file;
  }
  return null;
}

function bundled(): { ffmpeg: string; ffprobe: string } | null {
  try {
    return { ffmpeg: require('@ffmpeg-installer/ffmpeg').path as string, ffprobe: require('@ffprobe-installer/ffprobe').path as string };
  } catch {
    return null; // no build for this platform
  }
}

export async function findVideoTools(paths: ToolPaths, log: Logger): Promise<VideoTools | null> {
  const packaged = bundled();
  if (paths.ffmpeg || paths.ffprobe) {
    const ffmpeg = paths.ffmpeg ?? packaged?.ffmpeg;
    const ffprobe = paths.ffprobe ?? packaged?.ffprobe;
    const version = ffmpeg && ffprobe && (await versionOf(ffmpeg));
    if (!ffmpeg || !ffprobe || !version || !(await versionOf(ffprobe))) {
      throw new Error(`FFMPEG_PATH/FFPROBE_PATH: ${paths.ffmpeg ?? paths.ffprobe} does not run`);
    }
    return { ffmpeg, ffprobe, source: 'configured', version };
  }
  const [systemFfmpeg, systemFfprobe] = await Promise.all([onPath('ffmpeg'), onPath('ffprobe')]);
  const systemVersion = systemFfmpeg && (await versionOf(systemFfmpeg));
  if (systemFfmpeg && systemVersion && (newerThanBundled(systemVersion) || !packaged)) {
    const ffprobe = systemFfprobe ?? packaged?.ffprobe;
    if (ffprobe) return { ffmpeg: systemFfmpeg, ffprobe, source: 'system', version: systemVersion };
  }
  if (packaged) {
    const version = await versionOf(packaged.ffmpeg);
    if (version) return { ...packaged, source: 'bundled', version };
  }
  log.warn('no ffmpeg found: video uploads are refused (install ffmpeg or set FFMPEG_PATH)');
  return null;
}
