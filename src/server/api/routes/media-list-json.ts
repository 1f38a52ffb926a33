/**
 * NOTE: a page of posts as its JSON answer, each post serialised once while it lives. The feed cache hands the same
 * post objects to every viewer (ADR 037), and serialising ten posts was a tenth of a cached first page's CPU.
 * Rule: a post object is never changed once made (a change is a new object: the feed cache's liked copies too),
 * so the string kept for it stays true. The answer is byte for byte JSON.stringify's (a unit test compares).
 */
import type { Context } from 'hono';
import type { MediaItem, MediaListResponse } from '../../../shared/api-types.ts';

const serialised = new WeakMap<MediaItem, string>();

export function mediaListJson(page: MediaListResponse): string {
  const posts: string[] = [];
  for (const post of page.media) {
    let json = serialised.get(post);
    if (json === undefined) serialised.set(post, (json = JSON.stringify(post)));
    posts.push(json);
  }
  return `{"media":[${posts.join(',')}],"has_next":${page.has_next},"next_cursor":${page.next_cursor}}`;
}

/** Answers `page` as `c.json(page)` would. */
export const sendMediaList = (c: Context, page: MediaListResponse) =>
  c.body(mediaListJson(page), 200, { 'Content-Type': 'application/json' });
