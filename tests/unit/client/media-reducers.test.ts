/** The pure rules behind likes and paging (src/stores/media-reducers.ts). */
import { describe, expect, it } from 'vitest';
import { appendPage, flipLike } from '../../../src/stores/media-reducers.ts';

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
