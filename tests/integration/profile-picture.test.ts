import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import type { OwnProfileResponse } from '../../src/shared/api-types.ts';
import { PICTURE_EDGE_PX, PICTURE_UPLOAD_MAX_BYTES } from '../../src/shared/constants.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { fetchPicture, imageForm, streamEndlessUpload, tinyPngClaiming, uploadNeverEnding } from './support/pictures.ts';
import { useTestServer } from './support/server.ts';
import { sql } from './support/social.ts';

const app = useTestServer();
const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const fixture = (name: string) => fs.readFile(path.join(FIXTURES, name));
const UNSUPPORTED = 'Profile picture must be a JPEG, PNG, GIF or WebP image';

const upload = (who: SignedUp, form: FormData, opts: { csrf?: boolean } = {}) =>
  who.client.upload<{ message: string; etag: string }>('/api/profile/picture', form, opts);

const storedPictures = async (userId: number) =>
  (await sql<{ n: number }>(app.database, 'select count(*)::int as n from profile_pictures where user_id = $1', [userId]))[0]!.n;

/** Mean absolute difference per channel of two same-sized RGB images (0 = identical). */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer()));
  let total = 0;
  for (let i = 0; i < x!.length; i++) total += Math.abs(x![i]! - y![i]!);
  return total / x!.length;
}

describe('POST /api/profile/picture', () => {
  it('re-encodes a photo to an upright square JPEG with no EXIF or GPS, and serves it', async () => {
    const ann = await signUp(app.origin);
    const original = await fixture('photo-with-gps-exif.jpg');
    const res = await upload(ann, imageForm(original, 'holiday.jpg', 'image/jpeg'));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Profile picture updated', etag: expect.stringMatching(/^"[\w-]+"$/) });

    const served = await fetchPicture(ann.client, '/api/profile/picture');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('etag')).toBe(res.body.etag);
    const meta = await sharp(served.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: PICTURE_EDGE_PX, height: PICTURE_EDGE_PX });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.bytes.includes('Exif')).toBe(false);
    // Orientation=6 was applied to the pixels, not dropped: it matches the upright crop, not the raw one.
    const crop = (img: Sharp) => img.resize(PICTURE_EDGE_PX, PICTURE_EDGE_PX, { fit: 'cover' }).jpeg().toBuffer();
    expect(await difference(served.bytes, await crop(sharp(original).rotate()))).toBeLessThan(8);
    expect(await difference(served.bytes, await crop(sharp(original)))).toBeGreaterThan(40);
    expect((await ann.client.get<OwnProfileResponse>('/api/profile/')).body.has_picture).toBe(true);
  });

  it('accepts PNG, animated GIF (larger than the JSON body limit) and WebP, whatever their names say', async () => {
    const ben = await signUp(app.origin);
    const png = await fixture('avatar-400.png');
    const webp = await sharp(png).webp().toBuffer();
    const etags = new Set<string>();
    for (const [bytes, name, type] of [
      [png, 'avatar.jpg', 'image/jpeg'],
      [await fixture('animated-320x240.gif'), 'anim.gif', 'image/gif'],
      [webp, 'picture', 'application/octet-stream'],
    ] as const) {
      const res = await upload(ben, imageForm(bytes, name, type));
      expect(res.status, `${name}: ${res.text}`).toBe(200);
      etags.add(res.body.etag);
      const served = await fetchPicture(ben.client, '/api/profile/picture');
      expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'jpeg', width: PICTURE_EDGE_PX, height: PICTURE_EDGE_PX });
      expect(served.headers.get('etag')).toBe(res.body.etag);
    }
    expect(etags.size).toBe(3);
  });

  it('refuses every non-image, SVG, polyglot and spoofed file with 415 and stores nothing', async () => {
    const cat = await signUp(app.origin);
    const jpegHeaderThenScript = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>')]);
    const hostile: Array<[string, Buffer | string, string]> = [
      ['polyglot-not-an-image.gif', await fixture('polyglot-not-an-image.gif'), 'image/gif'],
      ['script.svg', await fixture('script.svg'), 'image/svg+xml'],
      ['script-as.png', await fixture('script.svg'), 'image/png'],
      ['shell-script-named.png', await fixture('shell-script-named.png'), 'image/png'],
      ['jpeg-header.jpg', jpegHeaderThenScript, 'image/jpeg'],
      ['video.mp4', (await fixture('clip-6s-480x270.mp4')).subarray(0, 4096), 'image/jpeg'],
      ['notes.txt', 'just some text, long enough to sniff', 'image/jpeg'],
    ];
    for (const [name, bytes, type] of hostile) expectError(await upload(cat, imageForm(bytes, name, type)), 415, UNSUPPORTED);
    expect(await storedPictures(cat.auth.user.user_id)).toBe(0);
    expectError(await fetchPicture(cat.client, '/api/profile/picture'), 404, 'No profile picture');

    // With a picture already there, a refused upload leaves it untouched.
    const first = await upload(cat, imageForm(await fixture('avatar-400.png'), 'a.png', 'image/png'));
    expectError(await upload(cat, imageForm(await fixture('polyglot-not-an-image.gif'), 'p.gif', 'image/gif')), 415, UNSUPPORTED);
    expect((await fetchPicture(cat.client, '/api/profile/picture')).headers.get('etag')).toBe(first.body.etag);
  });

  it('refuses a picture claiming too many pixels (decompression bomb) with 413', async () => {
    const dan = await signUp(app.origin);
    const bomb = tinyPngClaiming(20_000, 20_000);
    expectError(await upload(dan, imageForm(bomb, 'bomb.png', 'image/png')), 413, 'Profile picture has too many pixels');
    expect(await storedPictures(dan.auth.user.user_id)).toBe(0);
  });

  it('answers 413 while the upload is still streaming, once it passes the limit', async () => {
    const gil = await signUp(app.origin);
    const tooLarge = { error: `Profile picture must be at most ${PICTURE_UPLOAD_MAX_BYTES / 2 ** 20} MB` };
    // A body past the limit that never ends: a server reading the whole body first would never answer.
    const streamed = await uploadNeverEnding(gil.client, '/api/profile/picture', { fileBytes: 2 * PICTURE_UPLOAD_MAX_BYTES });
    expect(streamed).toEqual({ status: 413, body: tooLarge });

    const declared = await streamEndlessUpload(gil.client, '/api/profile/picture', {
      giveUpAfter: 10 * PICTURE_UPLOAD_MAX_BYTES,
      declaredLength: 2 * PICTURE_UPLOAD_MAX_BYTES,
    });
    expect(declared).toMatchObject({ status: 413, body: tooLarge });
    expect(await storedPictures(gil.auth.user.user_id)).toBe(0);
  });

  it('needs a file in the "file" field of a multipart body', async () => {
    const eve = await signUp(app.origin);
    const missing = 'Choose a picture to upload (form field "file")';
    const onlyText = new FormData();
    onlyText.append('caption', 'hello');
    expectError(await upload(eve, onlyText), 400, missing);
    expectError(await upload(eve, imageForm(await fixture('avatar-400.png'), 'a.png', 'image/png', 'picture')), 400, missing);
    expectError(await upload(eve, imageForm(Buffer.alloc(0), 'empty.png', 'image/png')), 400, missing);
    expectError(await eve.client.post('/api/profile/picture', { file: 'x' }), 415, 'Content-Type must be multipart/form-data');
    const truncated = await eve.client.call('POST', '/api/profile/picture', undefined, {
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      rawBody: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expectError(truncated, 400, 'Malformed multipart body');
    expect(await storedPictures(eve.auth.user.user_id)).toBe(0);
  });

  it('needs a session and the CSRF token', async () => {
    const fay = await signUp(app.origin);
    const form = () => new FormData();
    expectError(await upload(fay, imageForm(Buffer.from('x'), 'a.png', 'image/png'), { csrf: false }), 403);
    const visitor = await app.visitor();
    expectError(await visitor.upload('/api/profile/picture', form()), 401);
    expectError(await fetchPicture(visitor, '/api/profile/picture'), 401);
    expectError(await fetchPicture(visitor, `/api/profile/@${fay.registration.username}/picture`), 401);
  });
});

describe('GET picture', () => {
  it("serves someone's picture by @username with ETag, private no-cache and nosniff; 304 when unchanged", async () => {
    const [gus, hal] = [await signUp(app.origin), await signUp(app.origin)];
    const { etag } = (await upload(gus, imageForm(await fixture('avatar-400.png'), 'a.png', 'image/png'))).body;
    const url = `/api/profile/@${gus.registration.username.toUpperCase()}/picture`;
    const res = await fetchPicture(hal.client, url);
    expect(res.status).toBe(200);
    expect(
      Object.fromEntries(['content-type', 'etag', 'cache-control', 'x-content-type-options'].map((h) => [h, res.headers.get(h)])),
    ).toEqual({
      'content-type': 'image/jpeg',
      etag,
      'cache-control': 'private, no-cache',
      'x-content-type-options': 'nosniff',
    });
    expect(res.bytes.equals((await fetchPicture(gus.client, '/api/profile/picture')).bytes)).toBe(true);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await fetchPicture(hal.client, url, { 'if-none-match': ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.get('etag')).toBe(etag);
    }
    expect((await fetchPicture(hal.client, url, { 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it('answers 404 when there is no picture or no such user', async () => {
    const ivy = await signUp(app.origin);
    const other = await signUp(app.origin);
    expectError(await fetchPicture(ivy.client, '/api/profile/picture'), 404, 'No profile picture');
    expectError(await fetchPicture(ivy.client, `/api/profile/@${other.registration.username}/picture`), 404, 'No profile picture');
    expectError(await fetchPicture(ivy.client, '/api/profile/@no_such_player_x/picture'), 404, 'User not found');
  });
});
