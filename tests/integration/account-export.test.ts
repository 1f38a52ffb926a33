/**
 * GET /api/account/export: the zip is read back (yauzl) and its document and files checked against what was
 * uploaded and stored; HEAD and aborted downloads leave no file open (this process's descriptors are counted);
 * one export at a time per person, and a per-minute limit.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccountExportDocument } from '../../src/shared/account-data-types.ts';
import type { MediaItem, UploadResponse } from '../../src/shared/api-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, imageMessageForm, say, sendImage } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { newGame, plays, uploadTagged } from './support/games.ts';
import { newVisitor } from './support/http-client.ts';
import { fixture, post } from './support/media.ts';
import { openFilesUnder, rawRequest, settledOpenFiles } from './support/open-files.ts';
import { fetchPicture, imageForm } from './support/pictures.ts';
import { useTestServer } from './support/server.ts';
import { idOf, nameOf, sql } from './support/social.ts';
import { newLfg } from './support/lfg.ts';
import { unzipEntries } from './support/zip.ts';

const app = useTestServer({ RATE_LIMIT_EXPORTS: '3' });
const EXPORT = '/api/account/export';

const download = (who: SignedUp) => fetchPicture(who.client, EXPORT);
const stored = (key: string) => fs.readFile(path.join(app.dataDir, 'media', key));
const fileKeyOf = async (postId: number) =>
  (await sql<{ file_key: string }>(app.database, 'select file_key from media where id = $1', [postId]))[0]!.file_key;

/** A raw GET of the export; `abort`: the socket is destroyed at the first body bytes. Answers the status. */
const rawGet = (who: SignedUp, abort: boolean) => rawRequest(app.origin + EXPORT, 'GET', { cookie: who.client.cookieHeader() }, abort);

describe('GET /api/account/export', () => {
  it('streams a zip with the document and the original files of posts, picture and chat images', async () => {
    const [ann, ben, cat] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    const avatar = await fixture('avatar-400.png');
    expect((await ann.client.upload('/api/profile/picture', imageForm(avatar, 'a.png', 'image/png'))).status).toBe(200);
    expect((await ann.client.put('/api/profile/discord', { discord_username: 'ann#1' })).status).toBe(200);
    expect((await ann.client.put('/api/profile/visibility', { platform: 'discord', visibility: 'friends' })).status).toBe(200);
    const photo = await post(ann, 'photo-1200x800.jpg', 'Boss down');
    const clip = await post(ann, 'clip-6s-480x270.mp4', 'Speedrun');
    await befriend(ann, ben);
    expect((await cat.client.post(`/api/profile/@${nameOf(ann)}/follow`)).status).toBe(200);
    const benPost: MediaItem = await post(ben, 'avatar-400.png', 'ben post');
    expect((await ann.client.post(`/api/media/${benPost.id}/like`)).status).toBe(200);
    expect((await ann.client.post(`/api/media/${benPost.id}/comments`, { content: 'GG' })).status).toBe(201);
    const direct = await createDirect(ann, ben);
    await say(ann, direct, 'ready?');
    const sent = await sendImage(ann, imageMessageForm(direct, await fixture('photo-1200x800.jpg'), 'p.jpg', 'image/jpeg'));
    expect(sent.status, sent.text).toBe(201);
    await say(ben, direct, 'not mine');
    const group = await createGroup(ann, 'Raid night', [ben]);
    await say(ann, group, 'at nine');
    const game = await newGame(app);
    const hosted = await newLfg(ann, game.slug, { title: 'Duo queue' });
    const asked = await newLfg(ben, game.slug, { title: 'Trios' });
    expect((await ann.client.post(`/api/lfg/${asked}/join`, { message: 'me please' })).status).toBe(200);

    const res = await download(ann);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const date = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="savepoint-${nameOf(ann)}-${date}.zip"`);
    const entries = await unzipEntries(res.bytes);
    const doc = JSON.parse(entries.get('savepoint-export.json')!.toString('utf8')) as AccountExportDocument;

    expect(doc.profile).toMatchObject({
      user_id: idOf(ann),
      username: nameOf(ann),
      email: ann.registration.email,
      handles: { discord: 'ann#1', playstation: null },
      handle_visibility: { discord: 'friends' },
      picture: 'profile-picture.jpg',
    });
    expect(doc.friends.map((f) => f.username)).toEqual([nameOf(ben)]);
    expect(doc.followers.map((f) => f.username)).toEqual([nameOf(ben), nameOf(cat)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(doc.following.map((f) => f.username)).toEqual([nameOf(ben)]);
    expect(doc.posts.map((p) => [p.id, p.media_type, p.caption, p.file])).toEqual([
      [photo.id, 'image', 'Boss down', `posts/${photo.id}.webp`],
      [clip.id, 'video', 'Speedrun', `posts/${clip.id}.mp4`],
    ]);
    expect(doc.posts[0]!.created_at).toBe(photo.created_at);
    expect(doc.comments).toEqual([expect.objectContaining({ post_id: benPost.id, post_author: nameOf(ben), content: 'GG' })]);
    expect(doc.likes).toEqual([expect.objectContaining({ post_id: benPost.id, post_author: nameOf(ben) })]);
    const imageId = sent.body.message.id;
    expect(doc.chat_messages.map((m) => [m.room_name, m.message_type, m.content, m.image])).toEqual([
      [nameOf(ben), 'text', 'ready?', null],
      [nameOf(ben), 'image', expect.any(String), `chat/${imageId}.webp`],
      ['Raid night', 'text', 'at nine', null],
    ]);

    // Posts are exported as stored: the video as processed (ADR 051), photos re-encoded (no EXIF).
    expect(entries.get(`posts/${clip.id}.mp4`)!.equals(await stored(await fileKeyOf(clip.id)))).toBe(true);
    expect(entries.get(`posts/${photo.id}.webp`)!.equals(await stored(await fileKeyOf(photo.id)))).toBe(true);
    const [chatKey] = await sql<{ k: string }>(app.database, 'select image_key as k from chat_messages where id = $1', [imageId]);
    expect(entries.get(`chat/${imageId}.webp`)!.equals(await stored(chatKey!.k))).toBe(true);
    expect(entries.get('profile-picture.jpg')!.equals((await fetchPicture(ann.client, '/api/profile/picture')).bytes)).toBe(true);
    expect([...entries.keys()].sort()).toEqual(
      ['savepoint-export.json', 'profile-picture.jpg', `posts/${photo.id}.webp`, `posts/${clip.id}.mp4`, `chat/${imageId}.webp`].sort(),
    );
    expect(JSON.stringify(doc)).not.toContain('not mine');
    expect(doc.groups.map((g) => [g.id, g.title, g.role, g.message, g.game.slug, g.status])).toEqual([
      [hosted, 'Duo queue', 'host', '', game.slug, 'open'],
      [asked, 'Trios', 'requested', 'me please', game.slug, 'open'],
    ]);
  });

  it('answers HEAD with the download headers, opening nothing and counting nothing', async () => {
    const ann = await signUp(app.origin);
    await post(ann, 'clip-6s-480x270.mp4');
    const media = path.join(app.dataDir, 'media');
    const before = await openFilesUnder(media);
    for (let i = 0; i < 10; i++) {
      const res = await fetch(app.origin + EXPORT, { method: 'HEAD', headers: { cookie: ann.client.cookieHeader() } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="savepoint-${nameOf(ann)}-`));
      expect(await res.arrayBuffer()).toHaveProperty('byteLength', 0);
    }
    expect(await settledOpenFiles(media, before)).toBe(before);
    expect((await download(ann)).status).toBe(200);
  });

  it('closes every file when the client goes away mid-download, and frees the export for the next one', async () => {
    const ann = await signUp(app.origin);
    const clip = await post(ann, 'clip-6s-480x270.mp4');
    await post(ann, 'photo-1200x800.jpg');
    // Large enough that the download cannot fit in socket buffers: the file is still being read at the abort.
    await fs.appendFile(path.join(app.dataDir, 'media', await fileKeyOf(clip.id)), Buffer.alloc(32 * 2 ** 20));
    const media = path.join(app.dataDir, 'media');
    const before = await openFilesUnder(media);
    expect(await rawGet(ann, true)).toBe(200);
    expect(await settledOpenFiles(media, before)).toBe(before);
    expect(await rawGet(ann, true)).toBe(200);
    expect(await settledOpenFiles(media, before)).toBe(before);
    expect(await rawGet(ann, false)).toBe(200);
  });

  it('runs one export per person at a time, limits them per minute, and refuses signed-out callers', async () => {
    const ann = await signUp(app.origin);
    const clip = await post(ann, 'clip-6s-480x270.mp4');
    // Too large for socket buffers: the first export is still running while its reader waits.
    await fs.appendFile(path.join(app.dataDir, 'media', await fileKeyOf(clip.id)), Buffer.alloc(32 * 2 ** 20));
    const first = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(app.origin + EXPORT, { headers: { cookie: ann.client.cookieHeader() }, agent: false }, (res) => {
        res.pause();
        resolve(res);
      });
      req.on('error', reject);
      req.end();
    });
    expect(first.statusCode).toBe(200);
    const busy = await download(ann);
    expectError(busy, 429, /already being prepared/);
    expect(busy.headers.get('retry-after')).toBe('10');
    const ended = new Promise((resolve) => first.on('end', resolve));
    first.resume();
    await ended;
    await new Promise((r) => setTimeout(r, 100));
    expect((await download(ann)).status).toBe(200);
    const limited = await download(ann);
    expectError(limited, 429, /^Too many data exports/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expectError(await fetchPicture(await newVisitor(app.origin), EXPORT), 401);
  });

  it('exports chat messages whose ids are past the integer range (they are bigints)', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(ann, ben);
    const direct = await createDirect(ann, ben);
    await sql(app.database, `select setval(pg_get_serial_sequence('chat_messages', 'id'), 3000000000)`);
    const message = await say(ann, direct, 'far along');
    expect(message.id).toBeGreaterThan(2 ** 31);
    const res = await download(ann);
    expect(res.status, res.text).toBe(200);
    const doc = JSON.parse((await unzipEntries(res.bytes)).get('savepoint-export.json')!.toString('utf8')) as AccountExportDocument;
    expect(doc.chat_messages.map((m) => [m.id, m.content])).toEqual([[message.id, 'far along']]);
  });

  it('lists the games they play (slug, name, platform) and the game each post is tagged with', async () => {
    const ann = await signUp(app.origin);
    const [apex, chess] = [await newGame(app, { name: `Apex ${Date.now()}` }), await newGame(app, { name: `Chess ${Date.now()}` })];
    const other = await newGame(app);
    await plays(app, ann, apex, 'playstation');
    await plays(app, ann, chess, 'mobile');
    const tagged = await uploadTagged(ann, apex.slug, 'tagged');
    expect(tagged.status, tagged.text).toBe(201);
    const plain = await post(ann, 'avatar-400.png', 'plain');
    const res = await download(ann);
    expect(res.status, res.text).toBe(200);
    const doc = JSON.parse((await unzipEntries(res.bytes)).get('savepoint-export.json')!.toString('utf8')) as AccountExportDocument;
    expect(doc.profile.games).toEqual({
      [apex.slug]: { name: apex.name, platform: 'playstation', added_at: expect.any(String) },
      [chess.slug]: { name: chess.name, platform: 'mobile', added_at: expect.any(String) },
    });
    expect(doc.profile.games[other.slug]).toBeUndefined();
    expect(doc.posts.map((p) => [p.id, p.game])).toEqual([
      [(tagged.body as UploadResponse).media.id, { slug: apex.slug, name: apex.name }],
      [plain.id, null],
    ]);
  });
});
