import { describe, expect, it } from 'vitest';
import type { CommentResponse, CommentsResponse, MediaItem, MediaListResponse } from '../../src/shared/api-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { newVisitor } from './support/http-client.ts';
import { post } from './support/media.ts';
import { useTestServer } from './support/server.ts';
import { block, sql, unblock } from './support/social.ts';

const app = useTestServer();

async function comment(who: SignedUp, postId: number, content: string): Promise<number> {
  const res = await who.client.post<CommentResponse>(`/api/media/${postId}/comments`, { content });
  expect(res.status, res.text).toBe(201);
  return res.body.comment.id;
}
const remove = (who: SignedUp, postId: number | string, commentId: number | string, opts: { csrf?: boolean } = {}) =>
  who.client.delete(`/api/media/${postId}/comments/${commentId}`, undefined, opts);
const contents = async (who: SignedUp, postId: number) =>
  (await who.client.get<CommentsResponse>(`/api/media/${postId}/comments`)).body.comments.map((c) => c.content);

describe('deleting a comment', () => {
  it('the author deletes their own; the count drops in the post, the list, the feed and the stored row', async () => {
    const [owner, fan] = [await signUp(app.origin), await signUp(app.origin)];
    const item = await post(owner);
    const mine = await comment(fan, item.id, 'first!');
    await comment(fan, item.id, 'second');
    const res = await remove(fan, item.id, mine);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Comment deleted', comments_count: 1 });
    expect(await contents(owner, item.id)).toEqual(['second']);
    expect((await owner.client.get<MediaItem>(`/api/media/${item.id}`)).body.comment_count).toBe(1);
    const inFeed = (await fan.client.get<MediaListResponse>('/api/media/feed')).body.media.find((m) => m.id === item.id);
    expect(inFeed).toMatchObject({ comment_count: 1 });
    expect(await sql(app.database, 'select comments_count from media where id = $1', [item.id])).toEqual([{ comments_count: 1 }]);
    // Gone is gone: a second delete finds nothing.
    expectError(await remove(fan, item.id, mine), 404, 'Comment not found');
  });

  it("the post's owner deletes anyone's comment under it", async () => {
    const [owner, rude] = [await signUp(app.origin), await signUp(app.origin)];
    const item = await post(owner);
    const id = await comment(rude, item.id, 'you are bad at this');
    expect((await remove(owner, item.id, id)).body).toEqual({ message: 'Comment deleted', comments_count: 0 });
    expect(await contents(owner, item.id)).toEqual([]);
  });

  it("refuses everyone else, someone else's ids, wrong pairs and bad ids with 404; a missing CSRF token with 403; nothing changes", async () => {
    const [owner, fan, stranger] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    const item = await post(owner);
    const other = await post(stranger);
    const fans = await comment(fan, item.id, 'keep me');
    const strangers = await comment(stranger, other.id, 'on my own post');

    expectError(await remove(stranger, item.id, fans), 404, 'Comment not found'); // neither author nor owner
    expectError(await remove(owner, other.id, strangers), 404, 'Comment not found'); // owner of another post
    expectError(await remove(owner, item.id, strangers), 404, 'Comment not found'); // comment of another post
    expectError(await remove(stranger, item.id, strangers), 404, 'Comment not found'); // its author, but the wrong post
    expectError(await remove(fan, 99999999, fans), 404);
    expectError(await remove(fan, item.id, 99999999), 404, 'Comment not found');
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999999999999']) expectError(await remove(fan, item.id, bad), 404);
    expectError(await remove(fan, item.id, fans, { csrf: false }), 403);
    const visitor = await newVisitor(app.origin);
    expectError(await visitor.delete(`/api/media/${item.id}/comments/${fans}`), 401);

    expect(await contents(owner, item.id)).toEqual(['keep me']);
    expect(await contents(stranger, other.id)).toEqual(['on my own post']);
    expect(await sql(app.database, 'select comments_count from media where id = any($1) order by id', [[item.id, other.id]])).toEqual([
      { comments_count: 1 },
      { comments_count: 1 },
    ]);
  });

  it('two deletes of the same comment at once drop the count once', async () => {
    const [owner, fan] = [await signUp(app.origin), await signUp(app.origin)];
    const item = await post(owner);
    const id = await comment(fan, item.id, 'double tap');
    await comment(fan, item.id, 'stays');
    const answers = await Promise.all([remove(fan, item.id, id), remove(owner, item.id, id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(await sql(app.database, 'select comments_count from media where id = $1', [item.id])).toEqual([{ comments_count: 1 }]);
  });
});

describe('deleting a comment hidden by a block', () => {
  it("is 404 for the post's owner and for the author under a post hidden from them, both ways, until the block is lifted", async () => {
    for (const blocker of ['owner', 'author'] as const) {
      const [owner, author] = [await signUp(app.origin), await signUp(app.origin)];
      const item = await post(owner);
      const first = await comment(author, item.id, 'hidden from the owner');
      const second = await comment(author, item.id, 'also hidden');
      const others = await comment(owner, item.id, 'the owner speaks');
      if (blocker === 'owner') await block(owner, author);
      else await block(author, owner);
      // Sequential ids are easy to guess: a hidden comment must answer as an unknown one, and stay where it is.
      expectError(await remove(owner, item.id, first), 404, 'Comment not found');
      expectError(await remove(author, item.id, second), 404, 'Comment not found');
      expect(await sql(app.database, 'select id from media_comments where media_id = $1 order by id', [item.id])).toEqual([
        { id: first },
        { id: second },
        { id: others },
      ]);
      expect(await sql(app.database, 'select comments_count from media where id = $1', [item.id])).toEqual([{ comments_count: 3 }]);
      // The owner's own comment under their own post is theirs to delete still.
      expect((await remove(owner, item.id, others)).body).toEqual({ message: 'Comment deleted', comments_count: 2 });

      if (blocker === 'owner') await unblock(owner, author);
      else await unblock(author, owner);
      expect((await remove(owner, item.id, first)).body).toEqual({ message: 'Comment deleted', comments_count: 1 });
      expect((await remove(author, item.id, second)).body).toEqual({ message: 'Comment deleted', comments_count: 0 });
    }
  });
});
