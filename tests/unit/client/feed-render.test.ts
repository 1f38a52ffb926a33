/**
 * The feed island's server render (ADR 044): a preloaded first page is rendered as cards (or as the empty state,
 * which no shared test server can show in a browser), without writing a store, since on the server one module
 * serves every request; without a preload it renders the spinner and the browser asks the API.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Feed from '../../../src/islands/feed/Feed.tsx';
import type { MediaListResponse } from '../../../src/shared/api-types.ts';
import { feedList } from '../../../src/stores/media/feed.ts';
import { $posts } from '../../../src/stores/media/posts.ts';
import { buildPost as post } from '../../factories/posts.ts';

const render = (first: MediaListResponse | null) => renderToString(createElement(Feed, { viewer: 'ana', perPage: 10, first }));

describe('the feed on the server', () => {
  it('renders a preloaded page as cards, the first picture loading at once, and writes no store', () => {
    const html = render({ media: [post(9), post(8)], has_next: true, next_cursor: 8 });
    expect([...html.matchAll(/data-post-id="(\d+)"/g)].map((m) => m[1])).toEqual(['9', '8']);
    expect(html).toMatch(/<img[^>]*src="\/f\/9"[^>]*fetchPriority="high"|<img[^>]*fetchPriority="high"[^>]*src="\/f\/9"/i);
    expect(html).toMatch(/<img[^>]*src="\/f\/8"[^>]*loading="lazy"|<img[^>]*loading="lazy"[^>]*src="\/f\/8"/);
    expect(html).not.toContain('Loading posts');
    expect(html).not.toContain('all caught up');
    expect($posts.get()).toEqual({});
    expect(feedList(10).$list.get().loaded).toBe(false);
  });

  it('renders an empty first page as the empty state', () => {
    const html = render({ media: [], has_next: false, next_cursor: null });
    expect(html).toContain('No posts yet');
    expect(html).toContain('Be the first to share something!');
    expect(html).not.toContain('Loading posts');
  });

  it('renders the spinner without a preload (the browser asks the API)', () => {
    const html = render(null);
    expect(html).toContain('Loading posts');
    expect(html).not.toContain('data-post-id');
  });
});
