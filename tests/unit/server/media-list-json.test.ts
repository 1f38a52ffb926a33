/**
 * A page of posts as JSON (api/routes/media-list-json.ts): byte for byte what JSON.stringify makes of the page,
 * whatever the posts hold, with each post object serialised once while it lives.
 */
import { describe, expect, it } from 'vitest';
import { mediaListJson } from '../../../src/server/api/routes/media-list-json.ts';
import type { MediaItem, MediaListResponse } from '../../../src/shared/api-types.ts';

const post = (id: number, changes: Partial<MediaItem> = {}): MediaItem => ({
  id,
  media_type: 'image',
  caption: `caption "${id}" \u202e ü 🎮\n`,
  likes: 2,
  liked: false,
  user: { user_id: 1, username: 'ana', has_picture: true },
  comment_count: 1,
  comments: [
    { id: 3, content: 'gg </script>', created_at: '2026-11-23T09:00:00.000Z', user: { user_id: 2, username: 'ben', has_picture: false } },
  ],
  url: `/f/${id}?sig=a&b=c`,
  thumbnail_url: `/t/${id}`,
  poster_url: `/p/${id}`,
  width: null,
  height: 10,
  placeholder: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw==',
  duration: 12.5,
  status: 'ready',
  progress: null,
  created_at: '2026-11-23T09:00:00.000Z',
  game: { slug: 'chess', name: 'Chess' },
  community: null,
  pinned: false,
  can_moderate: false,
  ...changes,
});

describe('mediaListJson', () => {
  it('is exactly JSON.stringify of the page, with or without a next page', () => {
    const pages: MediaListResponse[] = [
      { media: [post(9), post(8, { liked: true, game: null, caption: '' })], has_next: true, next_cursor: 8 },
      { media: [], has_next: false, next_cursor: null },
    ];
    for (const page of pages) expect(mediaListJson(page)).toBe(JSON.stringify(page));
  });

  it('serialises a post object once; another object (a change) anew', () => {
    const shared = post(7);
    const first = mediaListJson({ media: [shared], has_next: false, next_cursor: null });
    const parse = JSON.parse;
    let stringified = 0;
    const original = JSON.stringify;
    JSON.stringify = ((...args: Parameters<typeof original>) => (stringified++, original(...args))) as typeof original;
    try {
      expect(mediaListJson({ media: [shared], has_next: false, next_cursor: null })).toBe(first);
      expect(stringified).toBe(0);
      const liked = mediaListJson({ media: [{ ...shared, liked: true, likes: 3 }], has_next: false, next_cursor: null });
      expect(stringified).toBe(1);
      expect(parse(liked).media[0]).toMatchObject({ liked: true, likes: 3 });
    } finally {
      JSON.stringify = original;
    }
  });
});
