/**
 * NOTE: helpers for post uploads and media files: fixtures from ../shared/fixtures, posting them, listing what the
 * server keeps on disk (files under DATA_DIR/media, spool included), and fetching signed URLs as bytes.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { MediaItem, UploadResponse } from '../../../src/shared/api-types.ts';
import type { SignedUp } from './accounts.ts';
import type { TestDatabase } from './database.ts';
import { sql } from './social.ts';
import type { ApiClient } from './http-client.ts';
import { fetchPicture, imageForm } from './pictures.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
export const fixturePath = (name: string) => path.join(FIXTURES, name);
export const fixture = (name: string) => fs.readFile(fixturePath(name));

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', mp4: 'video/mp4', svg: 'image/svg+xml' };
const typeOf = (name: string) => TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';

export function mediaForm(bytes: Buffer | string, filename: string, caption?: string, type = typeOf(filename)): FormData {
  const form = imageForm(bytes, filename, type);
  if (caption === undefined) return form;
  const withCaption = new FormData();
  withCaption.append('caption', caption);
  withCaption.append('file', form.get('file')!);
  return withCaption;
}

export const uploadMedia = (who: SignedUp, form: FormData, opts: { csrf?: boolean } = {}) =>
  who.client.upload<UploadResponse>('/api/media/upload', form, opts);

/** Posts a fixture and answers the new post, a video once it is processed; fails the test unless it is created. */
export async function post(who: SignedUp, name = 'avatar-400.png', caption?: string): Promise<MediaItem> {
  const res = await uploadMedia(who, mediaForm(await fixture(name), name, caption));
  expect(res.status, res.text).toBe(201);
  return res.body.media.status === 'ready' ? res.body.media : untilReady(who, res.body.media.id);
}

/** The post once the media pipeline has made it ready (ADR 051), as its author sees it. */
export async function untilReady(who: SignedUp, id: number): Promise<MediaItem> {
  let item: MediaItem | undefined;
  await expect
    .poll(async () => (item = (await who.client.get<MediaItem>(`/api/media/${id}`)).body).status, { timeout: 60_000, interval: 100 })
    .toBe('ready');
  return item!;
}

/**
 * Waits until no video is processing on this server and every job's work folder is gone (the upload is removed
 * before it): what is stored then stays still until the next upload.
 */
export async function untilProcessed(app: { database: TestDatabase; dataDir: string }): Promise<void> {
  const busy = async () => {
    const [row] = await sql<{ n: number }>(app.database, "select count(*)::int as n from media where status = 'processing'");
    const work = (await storedFiles(app.dataDir)).filter((f) => f.startsWith('.spool/video-'));
    return row!.n + work.length;
  };
  await expect.poll(busy, { timeout: 60_000, interval: 100 }).toBe(0);
}

/** Every file under DATA_DIR/media, relative, spool included. */
/** Whether a stored file of this key is on disk under the data dir. */
export const isStored = (dataDir: string, key: string) =>
  fs.stat(path.join(dataDir, 'media', key)).then(
    () => true,
    () => false,
  );

/** The bytes of a post's served file as stored on disk (what its URL must answer). */
export async function storedPostFile(app: { database: TestDatabase; dataDir: string }, id: number): Promise<Buffer> {
  const [row] = await sql<{ key: string }>(app.database, 'select file_key as key from media where id = $1', [id]);
  return fs.readFile(path.join(app.dataDir, 'media', row!.key));
}

export async function storedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'media');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** GET of a signed URL as bytes, with no cookies at all (signed URLs need none). */
export const fetchSigned = (origin: string, url: string, headers: Record<string, string> = {}) =>
  fetchPicture({ origin, cookieHeader: () => '' } as ApiClient, url, headers);
