/**
 * A page's preload (src/server/http/page-preload.ts; ADR 044) never holds the page or fails it: a refusal, a
 * failure, a query the API would refuse, a signed-out request and a load still running at the deadline all answer
 * null (the island then asks the API itself); an answer in time is the service's, for the query the API would read.
 */
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../../src/server/errors.ts';
import { createPagePreload } from '../../../src/server/http/page-preload.ts';
import { createLogger } from '../../../src/server/logger.ts';
import type { MediaListResponse } from '../../../src/shared/api-types.ts';

const page: MediaListResponse = { media: [], has_next: false, next_cursor: null };

function setup(feed: (...args: unknown[]) => Promise<MediaListResponse>) {
  const lines: string[] = [];
  const log = createLogger('info', new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
  const media = { feed: vi.fn(feed) };
  const profile = { startSteps: vi.fn(async () => ({ profile: false, games: true, players: false, post: false })) };
  return { preloadFor: createPagePreload({ media, profile } as never, log, 50), media, profile, lines };
}

describe('page preload', () => {
  it('answers the service’s page for the query the API would read', async () => {
    const t = setup(async () => page);
    expect(await t.preloadFor(7).feed({ per_page: '5', game: 'chess' })).toBe(page);
    expect(t.media.feed).toHaveBeenCalledWith(7, { page: 1, per_page: 5 }, { game: 'chess' });
  });

  it('answers null signed out, for a query the API refuses, on a refusal and on a failure (logged)', async () => {
    const t = setup(async () => page);
    expect(await t.preloadFor(null).feed({})).toBeNull();
    expect(await t.preloadFor(7).feed({ per_page: '0' })).toBeNull();
    expect(await t.preloadFor(7).feed({ game: 'chess', view: 'my-games' })).toBeNull();
    expect(t.media.feed).not.toHaveBeenCalled();
    const refused = setup(() => Promise.reject(new ServiceError(404, 'Game not found')));
    expect(await refused.preloadFor(7).feed({ game: 'nope' })).toBeNull();
    expect(refused.lines).toEqual([]);
    const broken = setup(() => Promise.reject(new Error('connection lost')));
    expect(await broken.preloadFor(7).feed({})).toBeNull();
    expect(broken.lines.join('')).toContain('feed preload failed');
  });

  it("answers the viewer's own start steps, and null signed out", async () => {
    const t = setup(async () => page);
    expect(await t.preloadFor(7).start()).toEqual({ profile: false, games: true, players: false, post: false });
    expect(t.profile.startSteps).toHaveBeenCalledWith(7);
    expect(await t.preloadFor(null).start()).toBeNull();
    expect(t.profile.startSteps).toHaveBeenCalledTimes(1);
  });

  it('answers null at the deadline while the load still runs', async () => {
    const t = setup(() => new Promise(() => {}));
    expect(await t.preloadFor(7).feed({})).toBeNull(); // a load that never ends: the deadline answers
    expect(t.lines.join('')).toContain('feed preload took over 50 ms');
  });
});
