/** NOTE: posts as the media calls return them, for tests of the client's stores and islands (not of the service). */
import type { MediaItem } from '../../src/shared/api-types.ts';

export function buildPost(id: number, changes: Partial<MediaItem> = {}): MediaItem {
  return {
    id,
    media_type: 'image',
    caption: `post ${id}`,
    likes: 2,
    liked: false,
    user: { user_id: 1, username: 'ana', has_picture: false },
    comment_count: 0,
    comments: [],
    url: `/f/${id}`,
    thumbnail_url: `/t/${id}`,
    poster_url: null,
    width: 10,
    height: 10,
    placeholder: null,
    duration: null,
    status: 'ready',
    progress: null,
    created_at: '2026-11-23T09:00:00.000Z',
    game: null,
    community: null,
    pinned: false,
    can_moderate: false,
    ...changes,
  };
}
