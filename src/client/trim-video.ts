/**
 * NOTE: cuts a video in the browser with ffmpeg.wasm (ADR 017). Rules for callers:
 * - Import it with `await import('./trim-video.ts')`, and only when `needsTrim` says so: this module pulls in
 *   the ffmpeg worker, and its engine (~32 MB of WebAssembly) is fetched when `trimVideo` runs.
 * - The engine files are bundled from @ffmpeg/core by Vite (`?url`), so they are served with the site's other hashed
 *   files under /_astro/ with immutable caching: from our own origin, or from ASSETS_URL's (ADR 053), never a
 *   third party's. A worker cannot start from another origin, so then the worker itself comes from ours.
 * - `trimVideo` resolves with a new MP4 File or rejects; each call starts its own engine and ends it after, so
 *   the worker's memory (the whole clip, twice) is given back at once.
 */
import { FFmpeg } from '@ffmpeg/ffmpeg';
import { fetchFile } from '@ffmpeg/util';
import coreURL from '@ffmpeg/core?url';
import wasmURL from '@ffmpeg/core/wasm?url';
import workerURL from '@ffmpeg/ffmpeg/worker?worker&url';
import { trimArgs, trimmedName, type TrimSelection } from './trim-plan.ts';

const INPUT = 'input';
const OUTPUT = 'output.mp4';

/**
 * With ASSETS_URL the worker's script is on another origin, where no worker may start: the same hashed file is
 * loaded from this origin instead (every node serves dist/client too). The engine it loads may stay there.
 */
function classWorkerURL(): string | undefined {
  const worker = new URL(workerURL, window.location.href);
  if (worker.origin === window.location.origin) return undefined;
  return new URL(worker.pathname.slice(worker.pathname.indexOf('/_astro/')), window.location.origin).href;
}

export async function trimVideo(file: File, selection: TrimSelection): Promise<File> {
  const ffmpeg = new FFmpeg();
  const ownWorker = classWorkerURL();
  try {
    await ffmpeg.load({ coreURL, wasmURL, ...(ownWorker ? { classWorkerURL: ownWorker } : {}) });
    await ffmpeg.writeFile(INPUT, await fetchFile(file));
    const code = await ffmpeg.exec(trimArgs(selection, INPUT, OUTPUT));
    if (code !== 0) throw new Error(`ffmpeg exited with code ${code}`);
    const data = await ffmpeg.readFile(OUTPUT);
    if (typeof data === 'string' || data.byteLength === 0) throw new Error('ffmpeg wrote no video');
    return new File([data.slice()], trimmedName(file.name), { type: 'video/mp4' });
  } finally {
    ffmpeg.terminate();
  }
}
