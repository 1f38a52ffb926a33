/** The pure rules behind likes, paging and deleting comments (src/stores/media/media-reducers.ts). */
import { describe, expect, it } from 'vitest';
import type { CommentItem } from '../../../src/shared/api-types.ts';
import { appendPage, flipLike, mayDeleteComment, previewAfterDelete } from '../../../src/stores/media/media-reducers.ts';

describe('flipLike (spec §4 optimistic toggle)', () => {
  it('likes: liked becomes true and the count goes up by one', () => {
    expect(flipLike({ liked: false, likes: 4 })).toEqual({ liked: true, likes: 5 });
  });

  it('unlikes: liked becomes false and the count goes down by one, never below zero', () => {
    expect(flipLike({ liked: true, likes: 5 })).toEqual({ liked: false, likes: 4 });
    expect(flipLike({ liked: true, likes: 0 })).toEqual({ liked: false, likes: 0 });
  });

  it('flipping twice gives back what it started from', () => {
    const start = { liked: false, likes: 7 };
    expect(flipLike(flipLike(start))).toEqual(start);
  });
});

describe('appendPage (paging never lists a post twice)', () => {
  const posts = (...ids: number[]) => ids.map((id) => ({ id }));

  it('appends a page after the posts already listed, in order', () => {
    expect(appendPage([9, 8], posts(7, 6))).toEqual([9, 8, 7, 6]);
  });

  it('skips ids already listed and repeats inside the page itself', () => {
    expect(appendPage([9, 8, 7], posts(7, 6, 6, 5))).toEqual([9, 8, 7, 6, 5]);
  });

  it('an empty page or an empty list changes nothing else', () => {
    expect(appendPage([3], [])).toEqual([3]);
    expect(appendPage([], posts(2, 1))).toEqual([2, 1]);
  });

  it('does not change the list it was given', () => {
    const listed = [2];
    appendPage(listed, posts(1));
    expect(listed).toEqual([2]);
  });
});

describe('deleting comments', () => {
  const comment = (id: number, userId: number): CommentItem => ({
    id,
    content: `c${id}`,
    created_at: '2026-11-23T09:00:00.000Z',
    user: { user_id: userId, username: `u${userId}`, has_picture: false },
  });

  it('the author and the post owner may delete a comment; anyone else (or nobody signed in) may not', () => {
    expect(mayDeleteComment(comment(1, 7), 3, 7)).toBe(true); // its author
    expect(mayDeleteComment(comment(1, 7), 3, 3)).toBe(true); // the post's owner
    expect(mayDeleteComment(comment(1, 7), 3, 9)).toBe(false);
    expect(mayDeleteComment(comment(1, 7), 3, null)).toBe(false);
    expect(mayDeleteComment(comment(1, 7), 3, undefined)).toBe(false);
    expect(mayDeleteComment(comment(1, 7), 3, 9, true)).toBe(true); // a moderator of the post's community
    expect(mayDeleteComment(comment(1, 7), 3, null, true)).toBe(false);
  });

  it("mends the card's preview: the newest loaded comment takes a deleted newest one's place", () => {
    const loaded = [comment(1, 7), comment(2, 8), comment(3, 9)];
    expect(previewAfterDelete([comment(3, 9)], loaded, 3)).toEqual([comment(2, 8)]);
    expect(previewAfterDelete([comment(3, 9)], loaded, 1)).toEqual([comment(3, 9)]);
    expect(previewAfterDelete([comment(3, 9)], [comment(3, 9)], 3)).toEqual([]);
  });
});
