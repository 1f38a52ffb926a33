import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { MediaItem } from '../../src/shared/api-types.ts';
import { CAPTION_MAX } from '../../src/shared/constants.ts';
import { signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { fetchSigned, fixture, fixturePath, mediaForm, post, storedFiles, untilProcessed, uploadMedia } from './support/media.ts';
import { videoPacketHashes } from './support/videos.ts';
import { rawMultipartRequest, uploadNeverEnding } from './support/pictures.ts';
import { useTestServer } from './support/server.ts';
import { sql } from './support/social.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';

// Small limits so the 413 paths run in a moment: photos 1 MB, videos 2 MB.
const app = useTestServer({ MEDIA_IMAGE_MAX_MB: '1', MEDIA_VIDEO_MAX_MB: '2' });
const MB = 2 ** 20;
const UNSUPPORTED = 'Only photos (JPEG, PNG, GIF, WebP) and videos (MP4, MOV, WebM) can be posted';
const posts = async () => (await sql<{ n: number }>(app.database, 'select count(*)::int as n from media'))[0]!.n;
afterEach(() => closeAllSockets());

/** An ISO BMFF file start: an `ftyp` box, then an `mdat` box that runs to the end of the file (size 0). */
const mp4Start = () => {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.write('isomiso2', 16, 'latin1');
  const mdat = Buffer.alloc(8);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
};

describe('POST /api/media/upload: photos', () => {
  it('re-encodes a photo upright with no EXIF or GPS, keeps the caption and answers 201 with the post', async () => {
    const ann = await signUp(app.origin);
    const res = await uploadMedia(ann, mediaForm(await fixture('photo-with-gps-exif.jpg'), 'beach.jpg', '  GG at sunset  '));
    expect(res.status, res.text).toBe(201);
    const item: MediaItem = res.body.media;
    expect(item).toMatchObject({ media_type: 'image', caption: 'GG at sunset', likes: 0, liked: false, comment_count: 0, comments: [] });
    expect(item.user).toEqual({ user_id: ann.auth.user.user_id, username: ann.registration.username, has_picture: false });

    const served = await fetchSigned(app.origin, item.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(served.bytes).metadata();
    // 1200x800 with Orientation=6 is upright 800x1200 once the rotation is applied to the pixels.
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    for (const marker of ['Exif', 'GPS', 'Canon', 'NIKON']) expect(served.bytes.includes(marker)).toBe(false);

    const thumb = await fetchSigned(app.origin, item.thumbnail_url);
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'webp', width: 480, height: 480 });
  });

  it('accepts PNG and animated GIF (animation kept) whatever their names say', async () => {
    const ben = await signUp(app.origin);
    const png = await uploadMedia(ben, mediaForm(await fixture('avatar-400.png'), 'not-really.gif', undefined, 'text/plain'));
    expect(png.status, png.text).toBe(201);
    const gif = await post(ben, 'animated-320x240.gif');
    const meta = await sharp((await fetchSigned(app.origin, gif.url)).bytes, { animated: true }).metadata();
    expect(meta.pages).toBe(20);
    expect([gif.width, gif.height]).toEqual([320, 240]);
  });
});

describe('POST /api/media/upload: videos', () => {
  it('serves an H.264 MP4 as video/mp4 under a generated name, its stream copied, with a poster and its size', async () => {
    const cat = await signUp(app.origin);
    const item = await post(cat, 'clip-6s-480x270.mp4', 'clutch');
    expect(item).toMatchObject({ media_type: 'video', caption: 'clutch', status: 'ready', width: 480, height: 270 });
    expect(item.poster_url).toMatch(/\/poster\?/);
    const served = await fetchSigned(app.origin, item.url);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    const copy = path.join(app.dataDir, 'served.mp4');
    await fs.writeFile(copy, served.bytes);
    expect(await videoPacketHashes(copy)).toEqual(await videoPacketHashes(fixturePath('clip-6s-480x270.mp4')));
    await fs.rm(copy);
    expect((await storedFiles(app.dataDir)).some((f) => f.includes('clip'))).toBe(false);
  });

  it('refuses a video with something appended, and a truncated one', async () => {
    const dan = await signUp(app.origin);
    const clip = await fixture('clip-6s-480x270.mp4');
    const before = await posts();
    for (const bytes of [Buffer.concat([clip, Buffer.from('<script>alert(1)</script>')]), clip.subarray(0, clip.length - 500)]) {
      expectError(await uploadMedia(dan, mediaForm(bytes, 'clip.mp4')), 415, UNSUPPORTED);
    }
    expect(await posts()).toBe(before);
  });
});

describe('POST /api/media/upload: refusals leave nothing behind', () => {
  it('refuses every hostile fixture (polyglot, SVG with script, shell script named .png) with 415', async () => {
    const eve = await signUp(app.origin);
    const filesBefore = await storedFiles(app.dataDir);
    const before = await posts();
    for (const name of ['polyglot-not-an-image.gif', 'script.svg', 'shell-script-named.png']) {
      expectError(await uploadMedia(eve, mediaForm(await fixture(name), name)), 415, UNSUPPORTED);
    }
    expect(await posts()).toBe(before);
    expect(await storedFiles(app.dataDir)).toEqual(filesBefore);
  });

  it('answers 400 without a file or with a caption over the limit, 401 signed out, 403 without the CSRF token', async () => {
    const fay = await signUp(app.origin);
    const before = await posts();
    const onlyCaption = new FormData();
    onlyCaption.append('caption', 'no file');
    expectError(await uploadMedia(fay, onlyCaption), 400, 'Choose a photo or video to upload (form field "file")');
    const png = await fixture('avatar-400.png');
    expectError(
      await uploadMedia(fay, mediaForm(png, 'a.png', 'x'.repeat(CAPTION_MAX + 1))),
      400,
      `Caption must be at most ${CAPTION_MAX} characters`,
    );
    expectError(await uploadMedia(fay, mediaForm(png, 'a.png'), { csrf: false }), 403);
    expectError(await (await app.visitor()).upload('/api/media/upload', mediaForm(png, 'a.png')), 401);
    expect(await posts()).toBe(before);
  });

  it('answers 413 while a too-large photo or video is still streaming, by kind; nothing is kept', async () => {
    const gus = await signUp(app.origin);
    await untilProcessed(app);
    const filesBefore = await storedFiles(app.dataDir);
    const before = await posts();
    // Each body passes the limit and is never ended: a server that read the whole body before judging it would
    // never answer (the test times out), however fast or slow the host.
    const photo = await uploadNeverEnding(gus.client, '/api/media/upload', { fileBytes: 3 * MB });
    expect(photo).toEqual({ status: 413, body: { error: 'Photos must be at most 1 MB' } });
    const video = await uploadNeverEnding(gus.client, '/api/media/upload', { fileBytes: 3 * MB, fileStart: mp4Start() });
    expect(video).toEqual({ status: 413, body: { error: 'Videos must be at most 2 MB' } });
    expect(await posts()).toBe(before);
    await expect.poll(() => storedFiles(app.dataDir)).toEqual(filesBefore);
  });

  it('an upload cut off mid-stream leaves no file and no row', async () => {
    const hal = await signUp(app.origin);
    await untilProcessed(app);
    const filesBefore = await storedFiles(app.dataDir);
    const before = await posts();
    // The client promises 1 MB of photo, sends ~600 kB and goes away.
    const boundary = 'cut-off-upload';
    const req = rawMultipartRequest(hal.client, '/api/media/upload', boundary, 1024 * 1024);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    req.write(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600 * 1024, 0x5a)]));
    await expect.poll(async () => (await storedFiles(app.dataDir)).length).toBeGreaterThan(filesBefore.length); // spooling
    req.destroy();
    expect(await posts()).toBe(before);
    await expect.poll(() => storedFiles(app.dataDir)).toEqual(filesBefore);
  });
});

describe('upload_progress events', () => {
  it('tells every socket of the uploader (and nobody else) when receiving starts and when the post exists or failed', async () => {
    const ivy = await signUp(app.origin);
    const other = await signUp(app.origin);
    const [mine, theirs] = await Promise.all([connectAs(ivy.client), connectAs(other.client)]);
    const heard: unknown[] = [];
    mine.on('upload_progress', (p) => heard.push(p));
    const ignored = nextEvent(theirs, 'upload_progress', 1500);
    const item = await post(ivy, 'avatar-400.png');
    await expect.poll(() => heard).toEqual([{ uploading: true }, { uploading: false, media_id: item.id }]);
    expect(await ignored).toBe('timeout');

    heard.length = 0;
    await uploadMedia(ivy, mediaForm(await fixture('script.svg'), 'x.svg'));
    await expect.poll(() => heard).toEqual([{ uploading: true }, { uploading: false, error: UNSUPPORTED }]);
  });
});
