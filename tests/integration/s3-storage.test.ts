/**
 * Media in an S3-compatible bucket (a real s3rver on loopback, signatures checked): files land in the bucket and
 * never on the node's disk, are served through the server with Range and HEAD (chat images to participants
 * only), go away with their post or account, a failed upload leaves no object, and `npm run media:migrate`
 * copies a disk store into the bucket, skipping what is there already.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { buffer as text } from 'node:stream/consumers';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendMessageResponse } from '../../src/shared/chat-types.ts';
import { loadConfig } from '../../src/server/config.ts';
import { newKey } from '../../src/server/storage/media-storage.ts';
import { createS3Client, createS3Storage, uploadFile } from '../../src/server/storage/s3-storage.ts';
import { signUp } from './support/accounts.ts';
import { befriend, createDirect, imageMessageForm, sendImage } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { fetchSigned, fixture, mediaForm, post, storedFiles, untilProcessed, uploadMedia } from './support/media.ts';
import { openFilesUnder, rawRequest, settledOpenFiles } from './support/open-files.ts';
import { fetchPicture } from './support/pictures.ts';
import { startS3, type TestS3 } from './support/s3.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { sql } from './support/social.ts';
import { unzipEntries } from './support/zip.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
let s3: TestS3;
let app: TestServer;

beforeAll(async () => {
  s3 = await startS3();
  app = await startTestServer(s3.env);
});
afterAll(async () => {
  await app?.stop();
  await s3?.stop();
});

const keysOf = async (mediaId: number) =>
  (
    await sql<{ file_key: string; thumb_key: string | null; poster_key: string | null }>(
      app.database,
      'select file_key, thumb_key, poster_key from media where id = $1',
      [mediaId],
    )
  )
    .flatMap((row) => [row.file_key, row.thumb_key, row.poster_key])
    .filter((key): key is string => key !== null);

describe('media in an S3-compatible bucket', () => {
  it('stores a photo and a video in the bucket, not on the node’s disk, and serves them byte for byte', async () => {
    const ann = await signUp(app.origin);
    const photo = await post(ann, 'avatar-400.png');
    const video = await post(ann, 'clip-20s-640x360.mp4');
    // The photo and its thumbnail; the processed video, its thumbnail and poster (the upload went once processed).
    const keys = [...(await keysOf(photo.id)), ...(await keysOf(video.id))];
    expect(keys).toHaveLength(5);
    const inBucket = await s3.objectKeys();
    for (const key of keys) expect(inBucket).toContain(key);
    await untilProcessed(app);
    expect(await storedFiles(app.dataDir)).toEqual([]);

    const served = await fetchSigned(app.origin, video.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect(served.bytes.length).toBe(await s3.head((await keysOf(video.id))[0]!));
    expect((await fetchSigned(app.origin, video.poster_url!)).headers.get('content-type')).toBe('image/webp');
    expect((await fetchSigned(app.origin, photo.thumbnail_url)).status).toBe(200);
  });

  it('serves byte ranges (exactly the bytes asked, even one) and HEAD from the bucket', async () => {
    const ben = await signUp(app.origin);
    const video = await post(ben, 'clip-6s-480x270.mp4');
    const clip = (await fetchSigned(app.origin, video.url)).bytes;
    const ranges: Array<[string, number, number]> = [
      ['bytes=0-0', 0, 0],
      ['bytes=10-19', 10, 19],
      ['bytes=-5', clip.length - 5, clip.length - 1],
      [`bytes=100000-`, 100000, clip.length - 1],
    ];
    for (const [range, start, end] of ranges) {
      const res = await fetchSigned(app.origin, video.url, { range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${clip.length}`);
      expect(Buffer.compare(res.bytes, clip.subarray(start, end + 1)), range).toBe(0);
    }
    const head = await fetch(app.origin + video.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(clip.length));
    const beyond = await fetchSigned(app.origin, video.url, { range: `bytes=${clip.length}-` });
    expect(beyond.status).toBe(416);
  });

  it('cuts a ranged read at the range’s length whatever the server sends (some answer the whole object for 0-0)', async () => {
    const storage = await createS3Storage(loadConfig(s3.env).s3!, path.join(app.dataDir, 'driver-spool'));
    try {
      const key = newKey('bin');
      await storage.put(key, Buffer.from('0123456789'));
      expect(await storage.stat(key)).toMatchObject({ size: 10 });
      const read = async (start: number, end: number) => (await text(await storage.read(key, { start, end }))).toString();
      expect(await read(0, 0)).toBe('0');
      expect(await read(5, 9)).toBe('56789');
      expect(await read(2, 4)).toBe('234');
      expect((await text(await storage.read(key))).toString()).toBe('0123456789');
      await storage.remove(key);
      await storage.remove(key);
      expect(await storage.stat(key)).toBeNull();
    } finally {
      await storage.close();
      await fs.rm(path.join(app.dataDir, 'driver-spool'), { recursive: true, force: true });
    }
  });

  it('uploads a file larger than a part in parts, byte for byte, leaving no multipart upload open', async () => {
    const file = path.join(app.dataDir, 'multipart-source');
    const bytes = randomBytes(11 * 2 ** 20 + 12345); // three parts: 5 MiB, 5 MiB and the rest
    await fs.writeFile(file, bytes);
    const storage = await createS3Storage(loadConfig(s3.env).s3!, path.join(app.dataDir, 'driver-spool'));
    try {
      const key = newKey('mp4');
      await storage.putFile(key, file);
      expect(await s3.head(key)).toBe(bytes.length);
      const stored = await text(await storage.read(key));
      expect(createHash('sha256').update(stored).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(await s3.openUploads()).toEqual([]);
      await expect(fs.stat(file)).rejects.toThrow(); // putFile consumes the spooled file
      await storage.remove(key);
    } finally {
      await storage.close();
      await fs.rm(path.join(app.dataDir, 'driver-spool'), { recursive: true, force: true });
    }
  });

  it('aborts a multipart upload that fails part-way: no object and no multipart upload left behind', async () => {
    const file = path.join(app.dataDir, 'failing-source');
    await fs.writeFile(file, randomBytes(12 * 2 ** 20));
    const client = createS3Client(loadConfig(s3.env).s3!);
    const sent: string[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(context.commandName ?? '');
        if (context.commandName === 'UploadPartCommand' && (args.input as { PartNumber?: number }).PartNumber === 2) {
          throw new Error('connection to the store lost');
        }
        return next(args);
      },
      { step: 'initialize' },
    );
    try {
      const key = newKey('mp4');
      await expect(uploadFile(client, s3.env.S3_BUCKET!, key, file)).rejects.toThrow('connection to the store lost');
      expect(sent).toContain('AbortMultipartUploadCommand');
      expect(await s3.head(key)).toBeNull();
      expect(await s3.objectKeys()).not.toContain(key);
      expect(await s3.openUploads()).toEqual([]);
    } finally {
      client.destroy();
      await fs.rm(file, { force: true });
    }
  });

  it('lets go of the stored object when a client aborts a Range GET', async () => {
    const cat = await signUp(app.origin);
    const video = await post(cat, 'clip-6s-480x270.mp4');
    // Grown in the bucket to 32 MB so the answer cannot fit in socket buffers: the read is mid-way at the abort.
    const [key] = await keysOf(video.id);
    await s3.put(key!, Buffer.concat([await fixture('clip-6s-480x270.mp4'), Buffer.alloc(32 * 2 ** 20)]));
    const before = await openFilesUnder(s3.directory);
    for (let i = 0; i < 20; i++) {
      expect(await rawRequest(app.origin + video.url, 'GET', { range: 'bytes=0-' }, true)).toBe(206);
      expect(await rawRequest(app.origin + video.url, 'GET', { range: 'bytes=1000-30000000' }, true)).toBe(206);
      expect(await rawRequest(app.origin + video.url, 'HEAD', { range: 'bytes=0-' })).toBe(206);
    }
    expect(await settledOpenFiles(s3.directory, before)).toBe(before);
    expect((await fetchSigned(app.origin, video.url, { range: 'bytes=0-9' })).bytes.length).toBe(10);
  });

  it('serves a chat image from the bucket to the room’s participants only', async () => {
    const [dan, eve, outsider] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    await befriend(dan, eve);
    const room = await createDirect(dan, eve);
    const sent = await sendImage(dan, imageMessageForm(room, await fixture('photo-1200x800.jpg'), 'p.jpg', 'image/jpeg'));
    expect(sent.status, sent.text).toBe(201);
    const message = (sent.body as SendMessageResponse).message;
    const [row] = await sql<{ image_key: string; thumb_key: string }>(
      app.database,
      'select image_key, thumb_key from chat_messages where id = $1',
      [message.id],
    );
    expect(await s3.objectKeys()).toEqual(expect.arrayContaining([row!.image_key, row!.thumb_key]));
    expect(await storedFiles(app.dataDir)).toEqual([]);

    for (const who of [dan, eve]) {
      const image = await fetchPicture(who.client, message.image_url!);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(image.bytes.length).toBe(await s3.head(row!.image_key));
    }
    expect((await fetchPicture(eve.client, message.image_url!, { range: 'bytes=0-3' })).bytes.toString('latin1')).toBe('RIFF');
    expectError(await fetchPicture(outsider.client, message.image_url!), 404, 'Image not found');
    expectError(await fetchPicture(outsider.client, message.thumbnail_url!), 404, 'Image not found');
  });

  it('puts the files from the bucket into the data export', async () => {
    const hal = await signUp(app.origin);
    const clip = await post(hal, 'clip-6s-480x270.mp4');
    const res = await fetchPicture(hal.client, '/api/account/export');
    expect(res.status, res.text).toBe(200);
    const entries = await unzipEntries(res.bytes);
    expect(entries.get(`posts/${clip.id}.mp4`)!.equals((await fetchSigned(app.origin, clip.url)).bytes)).toBe(true);
  });

  it('removes a post’s objects with the post, and every object of a deleted account', async () => {
    const fay = await signUp(app.origin);
    const [first, second] = [await post(fay, 'avatar-400.png'), await post(fay, 'clip-6s-480x270.mp4')];
    const [firstKeys, secondKeys] = [await keysOf(first.id), await keysOf(second.id)];
    for (const key of [...firstKeys, ...secondKeys]) expect(await s3.head(key)).not.toBeNull();

    expect((await fay.client.delete(`/api/media/${first.id}`)).status).toBe(200);
    for (const key of firstKeys) expect(await s3.head(key)).toBeNull();
    expect(await s3.head(secondKeys[0]!)).not.toBeNull();

    const deleted = await fay.client.delete('/api/account', { password: fay.registration.password });
    expect(deleted.status, deleted.text).toBe(200);
    for (const key of secondKeys) expect(await s3.head(key)).toBeNull();
  });

  it('leaves no object behind when an upload is refused or fails after its files were written', async () => {
    const gus = await signUp(app.origin);
    await untilProcessed(app);
    const before = await s3.objectKeys();
    for (const name of ['polyglot-not-an-image.gif', 'shell-script-named.png']) {
      expectError(await uploadMedia(gus, mediaForm(await fixture(name), name)), 415);
    }
    expect(await s3.objectKeys()).toEqual(before);

    // The files reach the bucket before the row is written: a row that cannot be written takes them back out.
    const id = gus.auth.user.user_id;
    await sql(
      app.database,
      `create function refuse_media() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$;
       create trigger refuse_media before insert on media for each row when (new.user_id = ${id}) execute function refuse_media()`,
    );
    try {
      for (const name of ['avatar-400.png', 'clip-20s-640x360.mp4']) {
        expect((await uploadMedia(gus, mediaForm(await fixture(name), name))).status).toBe(500);
      }
    } finally {
      await sql(app.database, 'drop trigger refuse_media on media; drop function refuse_media()');
    }
    expect(await s3.objectKeys()).toEqual(before);
    expect(await storedFiles(app.dataDir)).toEqual([]);
  });
});

/** `npm run media:migrate` with this DATA_DIR and the test bucket: exit code and output. */
function migrate(dataDir: string): Promise<{ code: number | null; output: string }> {
  const env = { ...process.env, ...s3.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const child = spawn('npm', ['run', '--silent', 'media:migrate'], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d));
  child.stderr.on('data', (d: Buffer) => (output += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('npm run media:migrate', () => {
  it('copies every file of a disk store into the bucket once, leaving the disk store and other files alone', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-migrate-'));
    try {
      const media = path.join(dataDir, 'media');
      const files = new Map([
        [newKey('webp'), await fixture('avatar-400.png')],
        [newKey('mp4'), await fixture('clip-20s-640x360.mp4')],
        [newKey('webp'), Buffer.from('already there')],
      ]);
      for (const [key, bytes] of files) {
        await fs.mkdir(path.join(media, path.dirname(key)), { recursive: true });
        await fs.writeFile(path.join(media, key), bytes);
      }
      await fs.mkdir(path.join(media, '.spool'), { recursive: true });
      await fs.writeFile(path.join(media, '.spool', 'half-received'), 'x');
      await fs.writeFile(path.join(media, 'notes.txt'), 'not media');
      const [first, second, third] = [...files.keys()];
      await s3.put(third!, Buffer.from('already there'));
      const before = await s3.objectKeys();

      const run = await migrate(dataDir);
      expect(run, run.output).toMatchObject({ code: 0 });
      expect(run.output).toContain('Done: 2 copied, 1 already in the bucket, 0 failed.');
      expect(await s3.objectKeys()).toEqual([...before, first!, second!].sort());
      for (const key of [first!, second!]) expect(await s3.head(key)).toBe(files.get(key)!.length);
      expect((await storedFiles(dataDir)).sort()).toEqual([...files.keys(), '.spool/half-received', 'notes.txt'].sort());

      const again = await migrate(dataDir);
      expect(again, again.output).toMatchObject({ code: 0 });
      expect(again.output).toContain('Done: 0 copied, 3 already in the bucket, 0 failed.');
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to run without S3_BUCKET', async () => {
    const child = spawn('npm', ['run', '--silent', 'media:migrate'], {
      cwd: REPO,
      env: { ...process.env, S3_BUCKET: '', DATA_DIR: os.tmpdir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d: Buffer) => (output += d));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Set S3_BUCKET');
  });
});
