/**
 * Issue 23's "Done when": a node killed with SIGKILL mid-transcode finishes the job after restart. Runs the real
 * production entry (`node src/server/main.ts`) on its own embedded PostgreSQL, as `npm start` does.
 */
import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../../src/shared/api-types.ts';
import { signUp } from './support/accounts.ts';
import { mediaForm, uploadMedia } from './support/media.ts';
import { cleanUp, ffmpegProcesses, freePort, makeDataDir, startMain, stopMain } from './support/processes.ts';
import { closeAllSockets, connectAs } from './support/sockets.ts';
import { clip, describe as describeVideo } from './support/videos.ts';

afterAll(async () => {
  closeAllSockets();
  await cleanUp();
});

describe('a node killed mid-transcode', () => {
  it('finishes the job after it restarts: the post becomes ready, processed once more from the upload', { timeout: 240_000 }, async () => {
    const dataDir = await makeDataDir();
    const port = await freePort();
    const first = await startMain(dataDir, port);
    const ana = await signUp(first.origin);
    const socket = await connectAs(ana.client);
    const working = new Promise<void>((resolve) =>
      socket.on('upload_progress', (event) => event.processing !== undefined && event.processing > 0 && resolve()),
    );
    const res = await uploadMedia(ana, mediaForm(await fs.readFile(await clip('slow-1080p.mp4')), 'slow.mp4'));
    expect(res.status, res.text).toBe(201);
    const id = res.body.media.id;
    await working;
    first.child.kill('SIGKILL');
    expect(await stopMain(first)).toBe(null);
    // The killed node's ffmpeg goes with it (its parent-death signal), so it takes no CPU from the next run.
    await expect.poll(async () => (await ffmpegProcesses(dataDir)).length, { timeout: 5_000 }).toBe(0);

    const second = await startMain(dataDir, port);
    let item: MediaItem | undefined;
    await expect
      .poll(async () => (item = (await ana.client.get<MediaItem>(`/api/media/${id}`)).body).status, { timeout: 180_000, interval: 500 })
      .toBe('ready');
    const served = await describeVideo(Buffer.from(await (await fetch(second.origin + item!.url)).arrayBuffer()));
    expect(served.video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 1920, height: 1080 });
    // The run that finished is a retry of the one the kill cut off.
    expect(second.output()).toMatch(/"attempt":[1-9],"msg":"video processing"/);
    expect(await stopMain(second, 'SIGTERM')).toBe(0);
  });
});
