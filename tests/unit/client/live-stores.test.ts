// @vitest-environment happy-dom
/**
 * ADR 045 in the browser's stores: the tab tells the server what it shows (a counted set, sent after a burst and
 * on every connect), cached posts take `post_counts` (an in-flight like keeps its optimistic count), and open
 * comment lists take comments added and removed elsewhere.
 */
import { atom } from 'nanostores';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WATCH_POSTS_MAX } from '../../../src/shared/live-values.ts';
import type { CommentItem } from '../../../src/shared/api-types.ts';
import { buildPost } from '../../factories/posts.ts';

type Handler = (payload: never) => void;
const fake = vi.hoisted(() => ({
  handlers: new Map<string, Set<(payload: never) => void>>(),
  emitted: [] as unknown[],
  get: vi.fn(),
  post: vi.fn(),
  connected: null as null | ReturnType<typeof atom<boolean>>,
}));

vi.mock('../../../src/client/api.ts', async (importActual) => ({
  ...(await importActual<typeof import('../../../src/client/api.ts')>()),
  api: { get: fake.get, post: fake.post, delete: vi.fn() },
}));
vi.mock('../../../src/stores/socket.ts', async () => {
  const { atom: makeAtom } = await import('nanostores');
  fake.connected = makeAtom(false);
  return {
    $socketConnected: fake.connected,
    onServerEvent: (event: string, handler: Handler) => {
      const set = fake.handlers.get(event) ?? new Set();
      set.add(handler);
      fake.handlers.set(event, set);
      return () => set.delete(handler);
    },
    emitToServer: (_event: string, payload: unknown) => fake.emitted.push(payload),
  };
});

const { watchFeed, watchPost, watchRequest } = await import('../../../src/stores/live/watching.ts');
const { $posts, $liking, toggleLike, upsertPosts } = await import('../../../src/stores/media/posts.ts');
const { $comments, loadComments, openPost } = await import('../../../src/stores/media/comments.ts');

const deliver = (event: string, payload: unknown) => fake.handlers.get(event)?.forEach((h) => (h as (p: unknown) => void)(payload));
const comment = (id: number): CommentItem => ({
  id,
  content: `c${id}`,
  created_at: '2026-11-27T10:00:00.000Z',
  user: { user_id: 9, username: 'nine', has_picture: false },
});

describe('what the tab watches', () => {
  it('is a counted set, sent once after a burst and again on every connect', async () => {
    vi.useFakeTimers();
    const releases = [watchPost(5), watchPost(5), watchPost(6), watchFeed()];
    expect(fake.emitted).toEqual([]); // not connected yet
    fake.connected!.set(true);
    await vi.advanceTimersByTimeAsync(150);
    expect(fake.emitted).toEqual([{ posts: [6, 5], people: [], games: [], communities: [], channels: [], feed: true }]);
    releases[0]!();
    releases[0]!(); // a second call of one release changes nothing
    await vi.advanceTimersByTimeAsync(150);
    expect(fake.emitted.at(-1)).toEqual({ posts: [6, 5], people: [], games: [], communities: [], channels: [], feed: true });
    releases[1]!();
    releases[3]!();
    await vi.advanceTimersByTimeAsync(150);
    expect(fake.emitted.at(-1)).toEqual({ posts: [6], people: [], games: [], communities: [], channels: [], feed: false });
    fake.connected!.set(false);
    fake.connected!.set(true);
    await vi.advanceTimersByTimeAsync(150);
    expect(fake.emitted.at(-1)).toEqual({ posts: [6], people: [], games: [], communities: [], channels: [], feed: false });
    releases[2]!();
    vi.useRealTimers();
  });

  it(`sends only the newest ${WATCH_POSTS_MAX} posts`, () => {
    const releases = Array.from({ length: WATCH_POSTS_MAX + 20 }, (_, i) => watchPost(i + 1));
    const { posts } = watchRequest();
    expect(posts).toHaveLength(WATCH_POSTS_MAX);
    expect(posts[0]).toBe(WATCH_POSTS_MAX + 20);
    expect(posts.at(-1)).toBe(21);
    releases.forEach((release) => release());
  });
});

describe('live counts and comments', () => {
  beforeEach(() => {
    fake.get.mockReset();
    fake.post.mockReset();
  });

  it('take a post’s counts, but keep the optimistic likes while this tab’s like call is in flight', async () => {
    upsertPosts([buildPost(41, { likes: 2, liked: false, comment_count: 0 })]);
    deliver('post_counts', { post_id: 41, likes: 7, comment_count: 3 });
    expect($posts.get()[41]).toMatchObject({ likes: 7, comment_count: 3, liked: false });
    let answer!: (value: unknown) => void;
    fake.post.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const liking = toggleLike(41);
    expect($liking.get().has(41)).toBe(true);
    deliver('post_counts', { post_id: 41, likes: 7, comment_count: 4 });
    expect($posts.get()[41]).toMatchObject({ likes: 8, liked: true, comment_count: 4 });
    answer({ liked: true, likes: 8 });
    await liking;
    deliver('post_counts', { post_id: 41, likes: 9, comment_count: 4 });
    expect($posts.get()[41]).toMatchObject({ likes: 9, liked: true });
  });

  it('append a new comment to an open list that reached its end, and drop a deleted one from it and the preview', async () => {
    upsertPosts([buildPost(42, { comments: [comment(2)], comment_count: 2 })]);
    fake.get.mockResolvedValueOnce(buildPost(42, { comments: [comment(1), comment(2)], comment_count: 2 }));
    await openPost(42);
    fake.get.mockResolvedValueOnce({ comments: [comment(3)], comment_count: 3, has_next: false });
    deliver('comment_added', { post_id: 42, comment_id: 3 });
    await vi.waitFor(() => expect($comments.get()[42]?.items.map((c) => c.id)).toEqual([1, 2, 3]));
    expect(fake.get).toHaveBeenLastCalledWith('/media/42/comments?after=2');
    deliver('comment_added', { post_id: 42, comment_id: 3 }); // already listed: nothing fetched
    expect(fake.get).toHaveBeenCalledTimes(2);
    deliver('comment_removed', { post_id: 42, comment_id: 2 });
    expect($comments.get()[42]?.items.map((c) => c.id)).toEqual([1, 3]);
    expect($posts.get()[42]?.comments.map((c) => c.id)).toEqual([3]); // the card's preview: the newest left
    deliver('comment_added', { post_id: 43, comment_id: 1 }); // a post never opened: ignored
    expect(fake.get).toHaveBeenCalledTimes(2);
  });

  it('ask again after a load that may have missed a comment, and never list one twice', async () => {
    upsertPosts([buildPost(44, { comments: [], comment_count: 0 })]);
    fake.get.mockResolvedValueOnce(buildPost(44, { comments: [comment(1)], comment_count: 1 }));
    await openPost(44);
    // A reload is running when comment 2 is announced: it answers without it, so the list asks for what follows.
    let answer!: (value: unknown) => void;
    fake.get.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const reload = loadComments(44);
    deliver('comment_added', { post_id: 44, comment_id: 2 });
    fake.get.mockResolvedValueOnce({ comments: [comment(1), comment(2)], comment_count: 2, has_next: false });
    answer({ comments: [comment(1)], comment_count: 1, has_next: false });
    await reload;
    await vi.waitFor(() => expect($comments.get()[44]?.items.map((c) => c.id)).toEqual([1, 2]));
    expect(fake.get).toHaveBeenLastCalledWith('/media/44/comments?after=1');
  });
});

describe("one's own video while the server processes it (ADR 051)", () => {
  it('shows the share done, then the post as served once ready; a refused one leaves every list', async () => {
    upsertPosts([
      buildPost(60, { media_type: 'video', status: 'processing', progress: 0 }),
      buildPost(61, { media_type: 'video', status: 'processing', progress: 0 }),
    ]);
    deliver('upload_progress', { uploading: true, media_id: 60, processing: 42 });
    expect($posts.get()[60]).toMatchObject({ status: 'processing', progress: 42 });
    fake.get.mockResolvedValueOnce(buildPost(60, { media_type: 'video', status: 'ready', poster_url: '/p/60' }));
    deliver('upload_progress', { uploading: false, media_id: 60 });
    await vi.waitFor(() => expect($posts.get()[60]).toMatchObject({ status: 'ready', poster_url: '/p/60', progress: null }));
    expect(fake.get).toHaveBeenLastCalledWith('/media/60');
    deliver('upload_progress', { uploading: false, media_id: 61, error: 'too long' });
    expect($posts.get()[61]).toBeUndefined();
    const calls = fake.get.mock.calls.length;
    deliver('upload_progress', { uploading: false, media_id: 60 }); // ready already: nothing to fetch
    expect(fake.get).toHaveBeenCalledTimes(calls);
  });
});
