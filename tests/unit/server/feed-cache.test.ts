/**
 * The feed cache's bookkeeping: it serves nothing while unheard, drops exactly what an announcement names, never
 * keeps a load that overlapped an announcement, and reloads when the signing window moves on.
 */
import { describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '../../../src/shared/api-types.ts';
import type { Db } from '../../../src/server/db/client.ts';
import { createFeedCache } from '../../../src/server/services/media/feed-cache.service.ts';
import type { MediaItems } from '../../../src/server/services/media/media-items.queries.ts';
import type { MediaUrls } from '../../../src/server/services/media/media-urls.service.ts';

const post = (id: number, userId = 1): MediaItem =>
  ({
    id,
    liked: false,
    likes: 0,
    user: { user_id: userId, username: `u${userId}`, has_picture: false },
    comments: [],
  }) as unknown as MediaItem;

function setup() {
  let expiry = 1;
  let rows = [post(3), post(2), post(1)];
  let gate: Promise<void> | undefined;
  const list = vi.fn(async () => {
    const answer = rows;
    await gate;
    return answer;
  });
  const execute = vi.fn(async (_query: unknown) => ({ rows: [{ liked: [2], blocked: [] }] }));
  const cache = createFeedCache({
    db: { execute } as unknown as Db,
    items: { list } as unknown as MediaItems,
    urls: { currentExpiry: () => expiry } as unknown as MediaUrls,
  });
  return {
    cache,
    list,
    execute,
    setRows: (r: MediaItem[]) => (rows = r),
    setExpiry: (e: number) => (expiry = e),
    hold: () => {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => (open(), (gate = undefined));
    },
  };
}

describe('feed cache', () => {
  it('serves nothing until it listens, then one load for many pages and the viewer’s own likes', async () => {
    const t = setup();
    expect(await t.cache.firstPage(7, 10)).toBeNull();
    t.cache.setListening(true);
    const page = await t.cache.firstPage(7, 10);
    expect(page?.media.map((m) => [m.id, m.liked])).toEqual([
      [3, false],
      [2, true],
      [1, false],
    ]);
    await t.cache.firstPage(7, 10);
    await t.cache.firstPage(8, 2);
    expect(t.list).toHaveBeenCalledTimes(1);
    expect(t.execute).toHaveBeenCalledTimes(2);
  });

  it('drops the head on "f", one viewer on "l:", both people on "b:"', async () => {
    const t = setup();
    t.cache.setListening(true);
    await t.cache.firstPage(7, 10);
    await t.cache.firstPage(8, 10);
    t.cache.heard('l:7');
    await t.cache.firstPage(7, 10);
    await t.cache.firstPage(8, 10);
    expect(t.execute).toHaveBeenCalledTimes(3);
    t.cache.heard('b:8:7');
    await t.cache.firstPage(7, 10);
    await t.cache.firstPage(8, 10);
    expect(t.execute).toHaveBeenCalledTimes(5);
    t.setRows([post(4), post(3)]);
    t.cache.heard('f');
    expect((await t.cache.firstPage(7, 10))?.media.map((m) => m.id)).toEqual([4, 3]);
    expect(t.list).toHaveBeenCalledTimes(2);
  });

  it('drops the head on "p:" only for a post in it, or while a load that may have read the post runs', async () => {
    const t = setup();
    t.cache.setListening(true);
    await t.cache.firstPage(7, 10);
    t.cache.heard('p:99'); // a like on an older post: the head stays
    await t.cache.firstPage(7, 10);
    expect(t.list).toHaveBeenCalledTimes(1);
    t.cache.heard('p:2');
    await t.cache.firstPage(7, 10);
    expect(t.list).toHaveBeenCalledTimes(2);

    t.cache.heard('f');
    const release = t.hold();
    const pending = t.cache.firstPage(7, 10);
    await vi.waitFor(() => expect(t.list).toHaveBeenCalledTimes(3));
    t.cache.heard('p:99');
    release();
    await pending;
    await t.cache.firstPage(7, 10);
    expect(t.list).toHaveBeenCalledTimes(4);
  });

  it('answers with a load that overlapped an announcement but does not keep it', async () => {
    const t = setup();
    t.cache.setListening(true);
    const release = t.hold();
    const pending = t.cache.firstPage(7, 10);
    await vi.waitFor(() => expect(t.list).toHaveBeenCalledTimes(1));
    t.cache.heard('f');
    release();
    expect((await pending)?.media).toHaveLength(3);
    await t.cache.firstPage(7, 10);
    expect(t.list).toHaveBeenCalledTimes(2);
  });

  it('reloads when URLs signed now would carry another expiry, and forgets everything when it stops hearing', async () => {
    const t = setup();
    t.cache.setListening(true);
    await t.cache.firstPage(7, 10);
    t.setExpiry(2);
    await t.cache.firstPage(7, 10);
    expect(t.list).toHaveBeenCalledTimes(2);
    t.cache.setListening(false);
    expect(await t.cache.firstPage(7, 10)).toBeNull();
    t.cache.setListening(true);
    await t.cache.firstPage(7, 10);
    expect(t.list).toHaveBeenCalledTimes(3);
  });
});
