import { describe, expect, it } from 'vitest';
import type { MediaListResponse } from '../../src/shared/api-types.ts';
import { FEED_PAGE_MAX, FEED_PER_PAGE_MAX } from '../../src/shared/constants.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { post } from './support/media.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();
const feed = (who: SignedUp, query = '') => who.client.get<MediaListResponse>(`/api/media/feed${query}`);
const ids = (res: { body: MediaListResponse }) => res.body.media.map((m) => m.id);

describe('GET /api/media/feed', () => {
  // First in the file: the site has no posts yet (the first page is answered from memory, ADR 037).
  it('answers an empty first page on a site with no posts, twice (once loaded, once from memory)', async () => {
    const ann = await signUp(app.origin);
    for (let i = 0; i < 2; i++) {
      const res = await feed(ann);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ media: [], has_next: false, next_cursor: null });
    }
  });

  it('pages newest first with page/per_page (defaults 1 and 10) and has_next', async () => {
    const ann = await signUp(app.origin);
    const made: number[] = [];
    for (let i = 0; i < 12; i++) made.push((await post(ann, 'avatar-400.png', `post ${i}`)).id);
    const newest = [...made].reverse();

    const first = await feed(ann);
    expect(first.status).toBe(200);
    expect(ids(first)).toEqual(newest.slice(0, 10));
    expect(first.body).toMatchObject({ has_next: true, next_cursor: newest[9] });
    const second = await feed(ann, '?page=2');
    expect(ids(second)).toEqual(newest.slice(10, 12));
    expect(second.body).toMatchObject({ has_next: false, next_cursor: null });
    expect(ids(await feed(ann, '?page=2&per_page=5'))).toEqual(newest.slice(5, 10));
    expect(first.body.media[0]).toMatchObject({ caption: 'post 11', user: { username: ann.registration.username } });
  });

  it('with the cursor, posts arriving while someone scrolls never repeat or go missing', async () => {
    const ben = await signUp(app.origin);
    const author = await signUp(app.origin);
    for (let i = 0; i < 6; i++) await post(author);
    const seen: number[] = [];
    let page = await feed(ben, '?per_page=4');
    seen.push(...ids(page));
    const before = (await feed(ben, '?per_page=50')).body.media.map((m) => m.id);
    while (page.body.has_next) {
      await post(author); // a new post lands between two pages
      page = await feed(ben, `?per_page=4&cursor=${page.body.next_cursor}`);
      seen.push(...ids(page));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before);
  });

  it('refuses paging values out of range with 400 naming the field', async () => {
    const cat = await signUp(app.origin);
    expectError(await feed(cat, '?page=0'), 400, 'page must be a positive whole number');
    expectError(await feed(cat, `?page=${FEED_PAGE_MAX + 1}`), 400, `page must be at most ${FEED_PAGE_MAX}`);
    expectError(await feed(cat, `?per_page=${FEED_PER_PAGE_MAX + 1}`), 400, `per_page must be at most ${FEED_PER_PAGE_MAX}`);
    expectError(await feed(cat, '?cursor=abc'), 400, 'cursor must be a positive whole number');
    expectError(await app.client().get('/api/media/feed'), 401);
  });
});

describe('GET /api/media/user/@{username}', () => {
  it("lists one user's posts only, newest first, paged by cursor; 404 for unknown users", async () => {
    const dan = await signUp(app.origin);
    const eve = await signUp(app.origin);
    const dans = [await post(dan), await post(dan), await post(dan)].map((m) => m.id).reverse();
    await post(eve);
    const res = await eve.client.get<MediaListResponse>(`/api/media/user/@${dan.registration.username.toUpperCase()}?per_page=2`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(dans.slice(0, 2));
    const rest = await eve.client.get<MediaListResponse>(
      `/api/media/user/@${dan.registration.username}?per_page=2&cursor=${res.body.next_cursor}`,
    );
    expect(ids(rest)).toEqual(dans.slice(2));
    expect(rest.body.has_next).toBe(false);
    expectError(await eve.client.get('/api/media/user/@nobody_here_at_all'), 404, 'User not found');
  });
});

describe('/api/openapi.json', () => {
  it('documents every media call, the feed paging parameters included', async () => {
    type Doc = { paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>> };
    const { paths } = (await app.client().get<Doc>('/api/openapi.json')).body;
    const methods = (p: string) => Object.keys(paths[p] ?? {}).sort();
    expect(methods('/media/upload')).toEqual(['post']);
    expect(methods('/media/{id}')).toEqual(['delete', 'get']);
    expect(methods('/media/{id}/view')).toEqual(['get']);
    expect(methods('/media/{id}/comments')).toEqual(['get', 'post']);
    expect(methods('/media/{id}/like')).toEqual(['post']);
    expect(methods('/media/{id}/dislike')).toEqual(['delete']);
    expect(methods('/media/user/@{username}')).toEqual(['get']);
    expect(methods('/media/file/{id}/{variant}')).toEqual(['get']);
    expect(paths['/media/feed']?.get?.parameters?.map((p) => p.name)).toEqual(['page', 'per_page', 'cursor', 'game', 'view']);
  });
});
