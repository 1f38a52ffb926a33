/**
 * Only the plain first page is asked of the feed cache: a cursor, a later page or any filter added to the query
 * (one the cache knows nothing of) goes to the database.
 */
import { describe, expect, it, vi } from 'vitest';
import type { MediaPage } from '../../../src/shared/schemas/media.ts';
import type { FeedCache } from '../../../src/server/services/media/feed-cache.service.ts';
import { createMediaService } from '../../../src/server/services/media/media.service.ts';

function setup() {
  const firstPage = vi.fn(async () => ({ media: [], has_next: false, next_cursor: null }));
  const list = vi.fn(async () => []);
  const media = createMediaService({
    db: {} as never,
    storage: {} as never,
    urls: {} as never,
    items: { list } as never,
    comments: {} as never,
    feedCache: { firstPage } as unknown as FeedCache,
  });
  return { media, firstPage, list };
}

describe('which feed requests the cache answers', () => {
  it('the plain first page, at any per_page', async () => {
    const t = setup();
    await t.media.feed(1, { page: 1, per_page: 10 });
    await t.media.feed(1, { page: 1, per_page: 5, cursor: undefined });
    expect(t.firstPage).toHaveBeenCalledTimes(2);
    expect(t.list).not.toHaveBeenCalled();
  });

  it('never a cursor, a later page or a filter it does not know', async () => {
    const t = setup();
    await t.media.feed(1, { page: 1, per_page: 10, cursor: 99 });
    await t.media.feed(1, { page: 2, per_page: 10 });
    await t.media.feed(1, { page: 1, per_page: 10, game: 'chess' } as MediaPage);
    expect(t.firstPage).not.toHaveBeenCalled();
    expect(t.list).toHaveBeenCalledTimes(3);
  });
});
