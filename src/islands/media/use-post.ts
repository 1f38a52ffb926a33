/**
 * NOTE: one post for a card or its buttons, from the shared posts cache (src/stores/media/posts.ts). Rules:
 * - On the server the cache is never written (stores are browser-only, and there one module serves every
 *   request), so an island that renders posts its page preloaded hands them to `PostsSeed` for the server render.
 * - In the browser that island seeds the cache with the same posts before its first render, so both renders read
 *   the same post and hydration matches; from then on the cache (likes, comment counts) wins.
 * - A post on screen is watched (src/stores/live/watching.ts), so its counts and comments follow what others do.
 */
import { useStore } from '@nanostores/react';
import { createContext, useContext, useEffect } from 'react';
import type { MediaItem } from '../../shared/api-types.ts';
import { watchPost } from '../../stores/live/watching.ts';
import { $posts } from '../../stores/media/posts.ts';

export const PostsSeed = createContext<Readonly<Record<number, MediaItem>>>({});

export function usePost(postId: number): MediaItem | undefined {
  const cached = useStore($posts, { keys: [postId] })[postId];
  const seeded = useContext(PostsSeed)[postId];
  useEffect(() => watchPost(postId), [postId]);
  return cached ?? seeded;
}
