/**
 * NOTE: posts for the media journeys, created through the real API as the page's signed-in person
 * (POST /api/media/upload, multipart, with the csrf_token cookie in X-CSRF-TOKEN), from the real fixtures in
 * ../shared/fixtures. Captions should be unique per test: the feed is shared by every spec running at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { MediaItem, UploadResponse } from '../../../src/shared/api-types.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
export const PHOTO = { name: 'photo-1200x800.jpg', mimeType: 'image/jpeg' } as const;
export const CLIP = { name: 'clip-6s-480x270.mp4', mimeType: 'video/mp4' } as const;
type Fixture = typeof PHOTO | typeof CLIP;

export async function csrfToken(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
}

/** A caption nobody else's test uses. */
export const uniqueCaption = (what: string) => `${what} ${randomBytes(3).toString('hex')}`;

/** `game`: the slug of a game to tag the post with. A video answers once processed and everyone sees it (ADR 051). */
export async function uploadPost(page: Page, fixture: Fixture, caption: string, game?: string): Promise<MediaItem> {
  return uploadFile(page, path.join(FIXTURES, fixture.name), fixture.mimeType, caption, game);
}

/** Like `uploadPost`, for any file (a clip made by the tests); `wait` false answers at once, still processing. */
export async function uploadFile(
  page: Page,
  file: string,
  mimeType: string,
  caption: string,
  game?: string,
  wait = true,
): Promise<MediaItem> {
  const buffer = fs.readFileSync(file);
  const response = await page.request.post('/api/media/upload', {
    headers: { 'X-CSRF-TOKEN': await csrfToken(page) },
    multipart: { caption, ...(game ? { game } : {}), file: { name: path.basename(file), mimeType, buffer } },
  });
  if (response.status() !== 201) throw new Error(`upload ${file}: ${response.status()} ${await response.text()}`);
  const media = ((await response.json()) as UploadResponse).media;
  return media.status === 'ready' || !wait ? media : untilReady(page, media.id);
}

/** The post once the media pipeline has made it ready, as its author sees it. */
export async function untilReady(page: Page, id: number): Promise<MediaItem> {
  for (let waited = 0; waited < 120_000; waited += 200) {
    const post = (await (await page.request.get(`/api/media/${id}`)).json()) as MediaItem;
    if (post.status === 'ready') return post;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`post ${id} was not processed in two minutes`);
}

/** The card of the post with this caption (feed or Posts view). */
export function postCard(scope: Page | Locator, caption: string): Locator {
  return scope.getByRole('article').filter({ hasText: caption });
}
