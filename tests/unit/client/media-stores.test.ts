// @vitest-environment happy-dom
/**
 * The media stores against a stand-in server over real HTTP: optimistic likes with rollback on a refusal
 * (spec §4), cursor paging that never lists a post twice (ADR 015), and comments validated before sending.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaListResponse } from '../../../src/shared/api-types.ts';
import { json, startStandIn, visit, type StandIn } from './support/stand-in.ts';
import { buildPost as post } from '../../factories/posts.ts';

let standIn: StandIn;
let posts: typeof import('../../../src/stores/media/posts.ts');
let lists: typeof import('../../../src/stores/media/media-lists.ts');
let comments: typeof import('../../../src/stores/media/comments.ts');

const page = (ids: number[], next: number | null): MediaListResponse => ({
  media: ids.map((id) => post(id)),
  has_next: next !== null,
  next_cursor: next,
});
const calls = () => standIn.requests.map((r) => `${r.method} ${r.url}`);

beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(() => standIn.close());
beforeEach(async () => {
  visit(standIn.origin);
  standIn.requests.length = 0;
  vi.resetModules();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  posts = await import('../../../src/stores/media/posts.ts');
  lists = await import('../../../src/stores/media/media-lists.ts');
  comments = await import('../../../src/stores/media/comments.ts');
});

describe('toggleLike', () => {
  it('flips at once, then adopts the server answer', async () => {
    posts.upsertPosts([post(5, { likes: 2, liked: false })]);
    standIn.respond = (_req, res) => setTimeout(() => json(res, 200, { liked: true, likes: 9 }), 30);
    const done = posts.toggleLike(5);
    expect(posts.$posts.get()[5]).toMatchObject({ liked: true, likes: 3 });
    expect(await done).toBe(true);
    expect(posts.$posts.get()[5]).toMatchObject({ liked: true, likes: 9 });
    expect(calls()).toEqual(['POST /api/media/5/like']);
  });

  it('unlikes with DELETE /dislike and rolls back to the previous values when refused', async () => {
    posts.upsertPosts([post(6, { likes: 4, liked: true })]);
    standIn.respond = (_req, res) => json(res, 500, { error: 'boom' });
    const done = posts.toggleLike(6);
    expect(posts.$posts.get()[6]).toMatchObject({ liked: false, likes: 3 });
    expect(await done).toBe(false);
    expect(posts.$posts.get()[6]).toMatchObject({ liked: true, likes: 4 });
    expect(calls()).toEqual(['DELETE /api/media/6/dislike']);
  });

  it('toasts a refusal that says why (403/404), and only logs other failures', async () => {
    const toasts = await import('../../../src/stores/toasts.ts');
    const shown = vi.spyOn(toasts.toast, 'error');
    posts.upsertPosts([post(16, { likes: 1, liked: false })]);
    standIn.respond = (_req, res) => json(res, 403, { error: 'You cannot interact with this user' });
    expect(await posts.toggleLike(16)).toBe(false);
    expect(shown).toHaveBeenCalledWith('You cannot interact with this user');
    expect(posts.$posts.get()[16]).toMatchObject({ liked: false, likes: 1 });
    shown.mockClear();
    standIn.respond = (_req, res) => json(res, 500, { error: 'boom' });
    expect(await posts.toggleLike(16)).toBe(false);
    expect(shown).not.toHaveBeenCalled();
  });

  it('keeps clicks made during a call: the last one wins, with one call at a time', async () => {
    posts.upsertPosts([post(7, { likes: 2, liked: false })]);
    const answers = [
      { liked: true, likes: 3 },
      { liked: false, likes: 2 },
    ];
    standIn.respond = (_req, res) => setTimeout(() => json(res, 200, answers.shift()), 30);
    const first = posts.toggleLike(7);
    expect(await posts.toggleLike(7)).toBe(true); // unlike while the like is in flight
    expect(posts.$posts.get()[7]).toMatchObject({ liked: false, likes: 2 });
    expect(await first).toBe(true);
    expect(calls()).toEqual(['POST /api/media/7/like', 'DELETE /api/media/7/dislike']);
    expect(posts.$posts.get()[7]).toMatchObject({ liked: false, likes: 2 });
  });

  it('sends nothing more when clicks during a call come back to what the server holds', async () => {
    posts.upsertPosts([post(8, { likes: 0, liked: false })]);
    standIn.respond = (_req, res) => setTimeout(() => json(res, 200, { liked: true, likes: 1 }), 30);
    const first = posts.toggleLike(8);
    await posts.toggleLike(8);
    await posts.toggleLike(8); // like, unlike, like: the server's like is the wish
    await first;
    expect(calls()).toEqual(['POST /api/media/8/like']);
    expect(posts.$posts.get()[8]).toMatchObject({ liked: true, likes: 1 });
  });

  it('a refusal after queued clicks restores what the server last confirmed', async () => {
    posts.upsertPosts([post(9, { likes: 5, liked: false })]);
    const answers: [number, object][] = [
      [200, { liked: true, likes: 6 }],
      [500, { error: 'boom' }],
    ];
    standIn.respond = (_req, res) => setTimeout(() => json(res, ...answers.shift()!), 30);
    const first = posts.toggleLike(9);
    await posts.toggleLike(9);
    expect(await first).toBe(false);
    expect(posts.$posts.get()[9]).toMatchObject({ liked: true, likes: 6 });
  });
});

describe('createMediaList', () => {
  it('pages with the cursor, never page numbers, and never lists a post twice', async () => {
    const answers = [page([9, 8], 8), page([8, 7], null)];
    standIn.respond = (_req, res) => json(res, 200, answers.shift());
    const list = lists.createMediaList('/media/feed', 2);
    await list.loadFirst();
    await list.loadMore();
    await list.loadMore(); // has_next is false now: nothing is asked
    expect(calls()).toEqual(['GET /api/media/feed?per_page=2', 'GET /api/media/feed?per_page=2&cursor=8']);
    expect(list.$list.get()).toMatchObject({ ids: [9, 8, 7], hasNext: false, loaded: true, error: null });
    expect(posts.$posts.get()[7]?.caption).toBe('post 7');
  });

  it('keeps the posts shown when a later page fails, and retries the same cursor', async () => {
    const list = lists.createMediaList('/media/user/@ana', 1);
    standIn.respond = (_req, res) => json(res, 200, page([3], 3));
    await list.loadFirst();
    standIn.respond = (_req, res) => json(res, 503, { error: 'Try later' });
    await list.loadMore();
    expect(list.$list.get()).toMatchObject({ ids: [3], error: 'Try later', loading: false });
    standIn.respond = (_req, res) => json(res, 200, page([2], null));
    await list.loadMore();
    expect(list.$list.get()).toMatchObject({ ids: [3, 2], error: null });
    expect(calls().slice(1)).toEqual(['GET /api/media/user/@ana?per_page=1&cursor=3', 'GET /api/media/user/@ana?per_page=1&cursor=3']);
  });

  it('starts from a page the server rendered without asking, then pages on from its cursor', async () => {
    const list = lists.createMediaList('/media/feed', 2);
    standIn.respond = (_req, res) => json(res, 200, page([1, 0], 0));
    await list.loadFirst(); // an earlier visit's list: the seed replaces it
    list.seed(page([9, 8], 8));
    expect(list.$list.get()).toEqual(lists.pagedState([], page([9, 8], 8)));
    expect(list.$list.get()).toMatchObject({ ids: [9, 8], loaded: true, hasNext: true, nextCursor: 8 });
    expect(posts.$posts.get()[9]?.caption).toBe('post 9');
    standIn.respond = (_req, res) => json(res, 200, page([7], null));
    await list.loadMore();
    expect(calls()).toEqual(['GET /api/media/feed?per_page=2', 'GET /api/media/feed?per_page=2&cursor=8']);
    expect(list.$list.get()).toMatchObject({ ids: [9, 8, 7], hasNext: false });
  });

  it('drops the answer of a load the seed overtook', async () => {
    const list = lists.createMediaList('/media/feed', 2);
    standIn.respond = (_req, res) => setTimeout(() => json(res, 200, page([1, 0], 0)), 30);
    const slow = list.loadFirst();
    list.seed(page([9, 8], null));
    await slow;
    expect(list.$list.get()).toMatchObject({ ids: [9, 8], loading: false, hasNext: false });
  });
});

describe('refreshNewest', () => {
  it('puts newer posts on top and keeps the rest and the paging position', async () => {
    const list = lists.createMediaList('/media/feed', 2);
    standIn.respond = (_req, res) => json(res, 200, page([5, 4], 4));
    await list.loadFirst();
    standIn.respond = (_req, res) => json(res, 200, page([6, 5], 5));
    await list.refreshNewest();
    expect(list.$list.get()).toMatchObject({ ids: [6, 5, 4], nextCursor: 4, hasNext: true });
  });
});

describe('postComment', () => {
  it('posts the comment, reloads the list and records the new count on the post', async () => {
    posts.upsertPosts([post(5, { comment_count: 1 })]);
    const comment = { id: 11, content: 'gg', created_at: '', user: { user_id: 2, username: 'bo', has_picture: false } };
    standIn.respond = (req, res) =>
      req.method === 'POST'
        ? json(res, 201, { comment, comment_count: 2 })
        : json(res, 200, { comments: [comment], comment_count: 2, has_next: false });
    expect(await comments.postComment(5, { content: 'gg' })).toBeNull();
    expect(calls()).toEqual(['POST /api/media/5/comments', 'GET /api/media/5/comments']);
    expect(JSON.parse(standIn.requests[0]?.body ?? '')).toEqual({ content: 'gg' });
    expect(posts.$posts.get()[5]).toMatchObject({ comment_count: 2, comments: [comment] });
    expect(comments.$comments.get()[5]).toMatchObject({ items: [comment], sending: false });
  });
});

describe('openPost', () => {
  it('refreshes the post from GET /media/{id}, keeps the card preview and lists the first page of comments', async () => {
    const newest = { id: 3, content: 'newest', created_at: '', user: { user_id: 2, username: 'bo', has_picture: false } };
    const oldest = { ...newest, id: 1, content: 'oldest' };
    posts.upsertPosts([post(8, { likes: 1, comment_count: 3, comments: [newest] })]);
    standIn.respond = (_req, res) => json(res, 200, post(8, { likes: 4, comment_count: 3, comments: [oldest] }));
    await comments.openPost(8);
    expect(calls()).toEqual(['GET /api/media/8']);
    expect(posts.$posts.get()[8]).toMatchObject({ likes: 4, comments: [newest] });
    expect(comments.$comments.get()[8]).toMatchObject({ items: [oldest], hasNext: true, loading: false });
  });
});
