import { afterEach, describe, expect, it } from 'vitest';
import type {
  CommentResponse,
  CommentsResponse,
  LikeResponse,
  MediaItem,
  MediaListResponse,
  NotificationItem,
} from '../../src/shared/api-types.ts';
import { COMMENT_MAX } from '../../src/shared/constants.ts';
import { signUp } from './support/accounts.ts';
import { untilWaitingOnLock } from './support/database.ts';
import { expectError } from './support/expectations.ts';
import { fetchSigned, post, storedFiles } from './support/media.ts';
import { useTestServer } from './support/server.ts';
import { idOf, nameOf, notificationsOf, sql } from './support/social.ts';
import { closeAllSockets, connectAs } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

describe('likes', () => {
  it('like and unlike are idempotent, show in liked/likes for each viewer, and notify the author once', async () => {
    const ann = await signUp(app.origin);
    const ben = await signUp(app.origin);
    const item = await post(ann);
    expect((await ben.client.post<LikeResponse>(`/api/media/${item.id}/like`)).body).toEqual({ liked: true, likes: 1 });
    expect((await ben.client.post<LikeResponse>(`/api/media/${item.id}/like`)).body).toEqual({ liked: true, likes: 1 });
    expect((await ann.client.post<LikeResponse>(`/api/media/${item.id}/like`)).body).toEqual({ liked: true, likes: 2 });

    expect((await ben.client.get<MediaItem>(`/api/media/${item.id}`)).body).toMatchObject({ liked: true, likes: 2 });
    const notes = (await notificationsOf(ann)).notifications.filter((n) => n.type === 'like');
    expect(notes).toHaveLength(1); // ben's like; ann's own like on her post says nothing
    expect(notes[0]!.data).toMatchObject({ sender_username: ben.registration.username, media_id: item.id });

    expect((await ben.client.delete<LikeResponse>(`/api/media/${item.id}/dislike`)).body).toEqual({ liked: false, likes: 1 });
    expect((await ben.client.delete<LikeResponse>(`/api/media/${item.id}/dislike`)).body).toEqual({ liked: false, likes: 1 });
    const inFeed = (await ben.client.get<MediaListResponse>('/api/media/feed')).body.media.find((m) => m.id === item.id);
    expect(inFeed).toMatchObject({ liked: false, likes: 1 });
  });

  it('like, unlike, like again notifies the author once (one stored, one pushed); another liker adds one more', async () => {
    const [ann, ben, cat] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    const item = await post(ann);
    const socket = await connectAs(ann.client);
    const heard: unknown[] = [];
    socket.on('notification', (n) => heard.push(n));
    for (let i = 0; i < 3; i++) {
      expect((await ben.client.post(`/api/media/${item.id}/like`)).status).toBe(200);
      expect((await ben.client.delete(`/api/media/${item.id}/dislike`)).status).toBe(200);
    }
    expect((await ben.client.post<LikeResponse>(`/api/media/${item.id}/like`)).body).toEqual({ liked: true, likes: 1 });
    expect((await cat.client.post(`/api/media/${item.id}/like`)).status).toBe(200);
    // Pushes arrive in order: once the marker is heard, every earlier push has been too.
    const marker = await app.server.services.notifications.notify(idOf(ann), 'comment', { title: 'marker' });
    await expect.poll(() => heard.at(-1)).toEqual(marker);

    const likers = (list: unknown[]) => (list as NotificationItem[]).filter((n) => n.type === 'like').map((n) => n.data.sender_username);
    expect(likers(heard)).toEqual([nameOf(ben), nameOf(cat)]);
    expect(likers((await notificationsOf(ann)).notifications).sort()).toEqual([nameOf(ben), nameOf(cat)].sort());
  });

  it('counts concurrent likes by many people exactly, and a burst by one person once', async () => {
    const cat = await signUp(app.origin);
    const fans = await Promise.all(Array.from({ length: 6 }, () => signUp(app.origin)));
    const item = await post(cat);
    await Promise.all(fans.flatMap((fan) => [1, 2, 3].map(() => fan.client.post(`/api/media/${item.id}/like`))));
    expect((await cat.client.get<MediaItem>(`/api/media/${item.id}`)).body.likes).toBe(6);
  });

  it('a like racing the deletion of its post answers 404, not a database error', async () => {
    const [eve, fan] = [await signUp(app.origin), await signUp(app.origin)];
    const item = await post(eve);
    // The deletion is under way (row locked, not yet committed) when the like arrives.
    const deleting = app.database.connect();
    await deleting.connect();
    try {
      await deleting.query('begin');
      await deleting.query('delete from media where id = $1', [item.id]);
      const like = fan.client.post(`/api/media/${item.id}/like`);
      await untilWaitingOnLock(app.database); // the request is behind the uncommitted deletion
      await deleting.query('commit');
      expectError(await like, 404, 'Post not found');
    } finally {
      await deleting.end();
    }
  });

  it('answers 404 for an unknown post and 403 without the CSRF token', async () => {
    const dan = await signUp(app.origin);
    expectError(await dan.client.post('/api/media/424242/like'), 404, 'Post not found');
    expectError(await dan.client.delete('/api/media/424242/dislike'), 404, 'Post not found');
    const item = await post(dan);
    expectError(await dan.client.post(`/api/media/${item.id}/like`, undefined, { csrf: false }), 403);
  });
});

describe('comments', () => {
  it('adds trimmed comments oldest first with the count, previews the newest in lists, and notifies the author', async () => {
    const eve = await signUp(app.origin);
    const fay = await signUp(app.origin);
    const item = await post(eve);
    const first = await fay.client.post<CommentResponse>(`/api/media/${item.id}/comments`, { content: '  nice shot  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      comment_count: 1,
      comment: { content: 'nice shot', user: { username: fay.registration.username } },
    });
    await eve.client.post(`/api/media/${item.id}/comments`, { content: 'thanks!' });

    const list = await fay.client.get<CommentsResponse>(`/api/media/${item.id}/comments`);
    expect(list.body.comments.map((c) => c.content)).toEqual(['nice shot', 'thanks!']);
    expect(list.body).toMatchObject({ comment_count: 2, has_next: false });
    const paged = await fay.client.get<CommentsResponse>(`/api/media/${item.id}/comments?limit=1&after=${first.body.comment.id}`);
    expect(paged.body.comments.map((c) => c.content)).toEqual(['thanks!']);

    const inFeed = (await fay.client.get<MediaListResponse>('/api/media/feed')).body.media.find((m) => m.id === item.id)!;
    expect(inFeed.comment_count).toBe(2);
    expect(inFeed.comments.map((c) => c.content)).toEqual(['thanks!']);
    const detail = (await fay.client.get<MediaItem>(`/api/media/${item.id}`)).body;
    expect(detail.comments.map((c) => c.content)).toEqual(['nice shot', 'thanks!']);

    const notes = (await notificationsOf(eve)).notifications.filter((n) => n.type === 'comment');
    expect(notes.map((n) => n.data.sender_username)).toEqual([fay.registration.username]);
  });

  it('refuses empty, blank and too long comments with 400, unknown posts with 404, and stores nothing', async () => {
    const gus = await signUp(app.origin);
    const item = await post(gus);
    const path = `/api/media/${item.id}/comments`;
    expectError(await gus.client.post(path, { content: '   ' }), 400, 'Comment cannot be empty');
    expectError(await gus.client.post(path, {}), 400);
    expectError(
      await gus.client.post(path, { content: 'x'.repeat(COMMENT_MAX + 1) }),
      400,
      `Comment must be at most ${COMMENT_MAX} characters`,
    );
    expectError(await gus.client.post('/api/media/424242/comments', { content: 'hi' }), 404, 'Post not found');
    expect((await gus.client.get<CommentsResponse>(path)).body.comment_count).toBe(0);
  });
});

describe('DELETE /api/media/{id}', () => {
  it('only the author deletes; others get 404; the files, likes and comments go with the post', async () => {
    const hal = await signUp(app.origin);
    const ivy = await signUp(app.origin);
    const item = await post(hal, 'photo-1200x800.jpg');
    await ivy.client.post(`/api/media/${item.id}/like`);
    await ivy.client.post(`/api/media/${item.id}/comments`, { content: 'wow' });
    const filesWithPost = await storedFiles(app.dataDir);

    expectError(await ivy.client.delete(`/api/media/${item.id}`), 404, 'Post not found');
    expect((await hal.client.get(`/api/media/${item.id}`)).status).toBe(200);

    expect((await hal.client.delete(`/api/media/${item.id}`)).status).toBe(200);
    expectError(await hal.client.get(`/api/media/${item.id}`), 404);
    expect((await fetchSigned(app.origin, item.url)).status).toBe(404);
    expect(await storedFiles(app.dataDir)).toHaveLength(filesWithPost.length - 2);
    const left = await sql<{ n: number }>(
      app.database,
      'select (select count(*) from media_likes where media_id = $1) + (select count(*) from media_comments where media_id = $1) as n',
      [item.id],
    );
    expect(Number(left[0]!.n)).toBe(0);
    expectError(await hal.client.delete(`/api/media/${item.id}`), 404);
  });
});
