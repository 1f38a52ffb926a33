/**
 * The media pipeline (issue 23, ADR 051) on real clips made by ffmpeg: what is served is checked with ffprobe
 * (codec, pixel format, orientation, index first, the picture copied byte for byte when only remuxed); posters and
 * placeholders exist; refusals leave no file and no row; a processing post is its author's alone.
 */
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { MediaItem, NotificationsResponse } from '../../src/shared/api-types.ts';
import { PROCESSING_MAX } from '../../src/server/services/media/media-upload.service.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { fetchSigned, mediaForm, storedFiles, untilProcessed, uploadMedia } from './support/media.ts';
import { useTestServer } from './support/server.ts';
import { sql } from './support/social.ts';
import { closeAllSockets, connectAs, type TestSocket } from './support/sockets.ts';
import { clip, damaged, describe as describeVideo, videoPacketHashes, type ClipName } from './support/videos.ts';

const app = useTestServer({ MEDIA_VIDEO_MAX_SECONDS: '5', LOG_LEVEL: process.env.TEST_LOG ?? 'silent' });
afterEach(() => closeAllSockets());

const rows = async () => (await sql<{ n: number }>(app.database, 'select count(*)::int as n from media'))[0]!.n;
const stored = async () => (await storedFiles(app.dataDir)).filter((f) => !f.startsWith('.spool'));

/** Every `upload_progress` the socket hears until the post is ready or refused. */
function progressUntilDone(socket: TestSocket, ms = 60_000) {
  const heard: Array<{ uploading: boolean; media_id?: number; error?: string; processing?: number }> = [];
  const done = new Promise<typeof heard>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no end of processing in ${ms} ms: ${JSON.stringify(heard)}`)), ms);
    socket.on('upload_progress', (event) => {
      heard.push(event);
      if (!event.uploading && event.media_id !== undefined) {
        clearTimeout(timer);
        resolve(heard);
      }
    });
  });
  return done;
}

async function postClip(who: SignedUp, name: ClipName, caption = 'clip') {
  const res = await uploadMedia(
    who,
    mediaForm(await fs.readFile(await clip(name)), name, caption, name.endsWith('.webm') ? 'video/webm' : 'video/mp4'),
  );
  expect(res.status, res.text).toBe(201);
  return res.body.media;
}

/** Posts the clip, waits for the pipeline, answers the ready post as its author sees it and every event heard. */
async function postAndProcess(who: SignedUp, name: ClipName) {
  const socket = await connectAs(who.client);
  const events = progressUntilDone(socket);
  const posted = await postClip(who, name);
  expect(posted).toMatchObject({ media_type: 'video', status: 'processing', poster_url: null });
  const heard = await events;
  const ready = (await who.client.get<MediaItem>(`/api/media/${posted.id}`)).body;
  return { posted, heard, ready };
}

async function expectPosterAndPlaceholder(item: MediaItem) {
  expect(item.placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);
  const poster = await fetchSigned(app.origin, item.poster_url!);
  expect(poster.status).toBe(200);
  expect(poster.headers.get('content-type')).toBe('image/webp');
  const meta = await sharp(poster.bytes).metadata();
  expect(meta.width! / meta.height!).toBeCloseTo(item.width! / item.height!, 1);
  const thumb = await fetchSigned(app.origin, item.thumbnail_url);
  expect(thumb.headers.get('content-type')).toBe('image/webp');
}

describe('what every video becomes', () => {
  it(
    "turns a phone's HEVC 10-bit .mov, recorded turned, into upright H.264 High 8-bit with AAC and the index first",
    { timeout: 90_000 },
    async () => {
      const ana = await signUp(app.origin);
      const { heard, ready } = await postAndProcess(ana, 'hevc-10bit-rotated.mov');
      expect(heard[0]).toMatchObject({ uploading: true });
      expect(heard.at(-1)).toEqual({ uploading: false, media_id: ready.id, processed: true });
      expect(ready).toMatchObject({ status: 'ready', progress: null, width: 360, height: 640 });
      expect(ready.duration).toBeCloseTo(3, 0);

      const served = await describeVideo((await fetchSigned(app.origin, ready.url)).bytes);
      expect(served.video).toMatchObject({ codec_name: 'h264', profile: 'High', pix_fmt: 'yuv420p', width: 360, height: 640 });
      expect(served.video.side_data_list?.some((d) => d.rotation)).toBeFalsy();
      expect(served.audio?.codec_name).toBe('aac');
      expect(served.boxes.indexOf('moov')).toBeLessThan(served.boxes.indexOf('mdat'));
      await expectPosterAndPlaceholder(ready);
      // The upload itself is gone: three files are stored (video, poster, thumbnail), nothing else; the quota
      // counts the served file.
      expect(await stored()).toHaveLength(3);
      const [row] = await sql<{ bytes: string }>(app.database, 'select file_bytes as bytes from media where id = $1', [ready.id]);
      expect(Number(row!.bytes)).toBe((await fetchSigned(app.origin, ready.url)).bytes.length);
    },
  );

  it(
    'only remuxes H.264 + AAC whose index is at the end: the index comes first, the picture byte for byte',
    { timeout: 60_000 },
    async () => {
      const ben = await signUp(app.origin);
      const before = await stored();
      const { ready } = await postAndProcess(ben, 'h264-index-at-end.mp4');
      const original = await describeVideo(await fs.readFile(await clip('h264-index-at-end.mp4')));
      expect(original.boxes.indexOf('moov')).toBeGreaterThan(original.boxes.indexOf('mdat'));

      const bytes = (await fetchSigned(app.origin, ready.url)).bytes;
      const served = await describeVideo(bytes);
      expect(served.boxes.indexOf('moov')).toBeLessThan(served.boxes.indexOf('mdat'));
      const servedFile = `${await clip('h264-index-at-end.mp4')}.served.mp4`;
      await fs.writeFile(servedFile, bytes);
      expect(await videoPacketHashes(servedFile)).toEqual(await videoPacketHashes(await clip('h264-index-at-end.mp4')));
      expect(ready).toMatchObject({ width: 640, height: 360 });
      await expectPosterAndPlaceholder(ready);
      expect((await stored()).length - before.length).toBe(3);
    },
  );

  it('transcodes a VP9 WebM without sound to H.264 with no audio track', { timeout: 60_000 }, async () => {
    const cleo = await signUp(app.origin);
    const { ready } = await postAndProcess(cleo, 'vp9-silent.webm');
    const served = await describeVideo((await fetchSigned(app.origin, ready.url)).bytes);
    expect(served.video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 480, height: 270 });
    expect(served.audio).toBeUndefined();
    await expectPosterAndPlaceholder(ready);
  });
});

describe('a processing post', () => {
  it("is its author's alone until ready: others see it in no list and cannot open it", { timeout: 60_000 }, async () => {
    const dan = await signUp(app.origin);
    const eve = await signUp(app.origin);
    const socket = await connectAs(dan.client);
    const events = progressUntilDone(socket);
    const posted = await postClip(dan, 'hevc-10bit-rotated.mov');
    const own = await dan.client.get<{ media: MediaItem[] }>(`/api/media/user/@${dan.registration.username}`);
    expect(own.body.media.find((m) => m.id === posted.id)?.status).toBe('processing');
    const theirs = await eve.client.get<{ media: MediaItem[] }>(`/api/media/user/@${dan.registration.username}`);
    expect(theirs.body.media.some((m) => m.id === posted.id)).toBe(false);
    const feed = await eve.client.get<{ media: MediaItem[] }>('/api/media/feed');
    expect(feed.body.media.some((m) => m.id === posted.id)).toBe(false);
    expect((await eve.client.get(`/api/media/${posted.id}`)).status).toBe(404);
    await events;
    const after = await eve.client.get<{ media: MediaItem[] }>('/api/media/feed');
    expect(after.body.media.find((m) => m.id === posted.id)?.status).toBe('ready');
  });

  it('deleted while it processes leaves nothing behind', { timeout: 60_000 }, async () => {
    const fay = await signUp(app.origin);
    const before = await stored();
    const posted = await postClip(fay, 'hevc-10bit-rotated.mov');
    expect((await fay.client.delete(`/api/media/${posted.id}`)).status).toBe(200);
    // Long enough for a job that had started to notice and clean up.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await stored()).toEqual(before);
    expect((await sql(app.database, 'select 1 from media where id = $1', [posted.id])).length).toBe(0);
  });

  it("goes with its author's account while it processes, leaving nothing behind", { timeout: 60_000 }, async () => {
    const kim = await signUp(app.origin);
    await untilProcessed(app);
    const before = await stored();
    await postClip(kim, 'hevc-10bit-rotated.mov');
    const gone = await kim.client.delete('/api/account', { password: kim.registration.password });
    expect(gone.status, gone.text).toBe(200);
    await untilProcessed(app);
    expect(await stored()).toEqual(before);
  });
});

describe('taking turns', () => {
  it(
    `lets one person have ${PROCESSING_MAX} videos processing at once; the next is refused with 429 until one is ready`,
    { timeout: 120_000 },
    async () => {
      const lee = await signUp(app.origin);
      const posted = [];
      for (let i = 0; i < PROCESSING_MAX; i++) posted.push(await postClip(lee, 'hevc-10bit-rotated.mov'));
      const [files, count] = [await stored(), await rows()];
      const refused = await uploadMedia(lee, mediaForm(await fs.readFile(await clip('two-seconds.mp4')), 'more.mp4'));
      expectError(refused, 429, `You have ${PROCESSING_MAX} videos being prepared. Post this one when one of them is ready.`);
      expect([await stored(), await rows()]).toEqual([files, count]);
      for (const post of posted) expect((await lee.client.delete(`/api/media/${post.id}`)).status).toBe(200);
      await untilProcessed(app);
    },
  );
});

describe('refusals leave no file and no row', () => {
  it('refuses a clip over MEDIA_VIDEO_MAX_SECONDS at once, saying how long it may be', async () => {
    const gus = await signUp(app.origin);
    const [files, count] = [await stored(), await rows()];
    const res = await uploadMedia(gus, mediaForm(await fs.readFile(await clip('eight-seconds.mp4')), 'long.mp4'));
    expectError(res, 413, 'Videos may be at most 0:05 long; this one is 0:08. Trim it before posting.');
    expect([await stored(), await rows()]).toEqual([files, count]);
  });

  it('refuses a truncated file at once', async () => {
    const hal = await signUp(app.origin);
    const [files, count] = [await stored(), await rows()];
    const res = await uploadMedia(hal, mediaForm(await damaged('truncated'), 'cut.mp4'));
    expect(res.status).toBe(415);
    expect([await stored(), await rows()]).toEqual([files, count]);
  });

  it('a file whose pictures cannot be decoded is deleted after processing, and its author is told why', { timeout: 60_000 }, async () => {
    const ivy = await signUp(app.origin);
    const [files, count] = [await stored(), await rows()];
    const socket = await connectAs(ivy.client);
    const events = progressUntilDone(socket);
    const res = await uploadMedia(ivy, mediaForm(await damaged('zeroed'), 'zeros.mp4'));
    expect(res.status, res.text).toBe(201);
    const last = (await events).at(-1)!;
    expect(last).toMatchObject({
      uploading: false,
      media_id: res.body.media.id,
      processed: true,
      error: expect.stringMatching(/could not be processed/),
    });
    expect([await stored(), await rows()]).toEqual([files, count]);
    const bell = await ivy.client.get<NotificationsResponse>('/api/notifications/');
    expect(bell.body.notifications[0]).toMatchObject({ type: 'post_failed', data: { message: last.error } });
  });
});
