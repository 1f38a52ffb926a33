/**
 * Page chunks (src/build/page-chunks.ts): modules loaded by the same pages share a chunk; a small set joins the
 * chunk of the fewest pages that load all of it, never one that the signed-out pages or the shell load and it
 * did not.
 */
import { describe, expect, it } from 'vitest';
import { SMALL, chunkName, pageChunks } from '../../../src/build/page-chunks.ts';

const big = SMALL * 2;
const sizes = (table: Record<string, number>) => (id: string) => table[id] ?? 0;

describe('pageChunks', () => {
  it('puts modules loaded by the same pages in one chunk, named after them', () => {
    const chosen = pageChunks(
      new Map([
        ['a', ['feed', 'profile']],
        ['b', ['profile', 'feed']],
        ['c', ['feed']],
      ]),
      sizes({ a: big, b: big, c: big }),
      [],
    );
    expect(chosen.get('a')).toBe('page-feed+profile');
    expect(chosen.get('b')).toBe('page-feed+profile');
    expect(chosen.get('c')).toBe('page-feed');
  });

  it('moves a small set into the chunk of the fewest pages that load all of it', () => {
    const chosen = pageChunks(
      new Map([
        ['grid', ['game', 'profile']],
        ['wide', ['feed', 'game', 'profile', 'search']],
        ['narrow', ['feed', 'game', 'profile']],
        ['chip', ['profile']],
      ]),
      sizes({ grid: big, wide: big, narrow: big, chip: 100 }),
      [],
    );
    expect(chosen.get('chip')).toBe(chosen.get('grid'));
    expect(chosen.get('narrow')).not.toBe(chosen.get('wide'));
  });

  it('follows a small set into where its home went', () => {
    const chosen = pageChunks(
      new Map([
        ['all', ['a', 'b', 'c']],
        ['mid', ['a', 'b']],
        ['one', ['a']],
      ]),
      sizes({ all: big, mid: 10, one: 10 }),
      [],
    );
    expect(new Set([chosen.get('all'), chosen.get('mid'), chosen.get('one')]).size).toBe(1);
  });

  it('never makes the signed-out pages or the shell load a small set they did not', () => {
    const chosen = pageChunks(
      new Map([
        ['everywhere', ['feed', 'login', 'profile', 'shell']],
        ['tiny', ['feed', 'profile']],
      ]),
      sizes({ everywhere: big, tiny: 10 }),
      ['login', 'shell'],
    );
    expect(chosen.get('tiny')).toBe('page-feed+profile');
  });
});

describe('chunkName', () => {
  it('names one or two pages, and counts more with a short hash that tells sets apart', () => {
    expect(chunkName(['profile/[username]'])).toBe('page-profile-username');
    expect(chunkName(['a', 'b', 'c'])).toMatch(/^pages-3-[0-9a-f]{6}$/);
    expect(chunkName(['a', 'b', 'c'])).not.toBe(chunkName(['a', 'b', 'd']));
  });
});
