/**
 * NOTE: helpers for post uploads and media files: fixtures from ../shared/fixtures, posting them, listing what the
 * server keeps on disk (files under DATA_DIR/media, spool included), and fetching signed URLs as bytes.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { MediaItem, UploadResponse } from '../../../src/shared/api-types.ts';
import type { SignedUp } from './accounts.ts';
import type { ApiClient } from './http-client.ts';
import { fetchPicture, imageForm } from './pictures.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
export const fixture = (name: string) => fs.readFile(path.join(FIXTURES, name));

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

/** Posts a fixture and answers the new post; fails the test unless it is created. */
export async function post(who: SignedUp, name = 'avatar-400.png', caption?: string): Promise<MediaItem> {
  const res = await uploadMedia(who, mediaForm(await fixture(name), name, caption));
  expect(res.status, res.text).toBe(201);
  return res.body.media;
}

/** Every file under DATA_DIR/media, relative, spool included. */
/** Whether a stored file of this key is on disk under the data dir. */
export const isStored = (dataDir: string, key: string) =>
  fs.stat(path.join(dataDir, 'media', key)).then(
    () => true,
    () => false,
  );

export async function storedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'media');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** GET of a signed URL as bytes, with no cookies at all (signed URLs need none). */
export const fetchSigned = (origin: string, url: string, headers: Record<string, string> = {}) =>
  fetchPicture({ origin, cookieHeader: () => '' } as ApiClient, url, headers);
