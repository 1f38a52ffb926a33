/**
 * NOTE: "New posts" for an open list (the feed, a game page, a profile's media; ADR 045): posts others make while
 * it is open are counted, not inserted under the reader's eyes; `show()` puts them on top and scrolls there.
 * Rules: `watch` follows the list's source (watchFeed, watchGame, watchPerson) while mounted; `accepts` says
 * whether a new post belongs in this list (a filter); one's own posts are left out (one's own upload already
 * appears on top: use-refresh-on-upload.ts). More new posts than a page holds restart the list from its top.
 */
import { useEffect, useState } from 'react';
import type { ServerEventPayload } from '../../shared/realtime-events.ts';
import { $session } from '../../stores/accounts/session.ts';
import type { MediaList } from '../../stores/media/media-lists.ts';
import { onServerEvent } from '../../stores/socket.ts';

export type NewPost = ServerEventPayload<'post_created'>;
const everyPost = () => true;

export function useNewPosts(options: { list: MediaList; watch: () => () => void; accepts?: (post: NewPost) => boolean }) {
  const { list, watch, accepts = everyPost } = options;
  const [waiting, setWaiting] = useState<number[]>([]);
  useEffect(() => watch(), [watch]);
  useEffect(
    () =>
      onServerEvent('post_created', (post) => {
        if (post.user_id === $session.get().user?.id || !accepts(post) || list.$list.get().ids.includes(post.post_id)) return;
        setWaiting((ids) => (ids.includes(post.post_id) ? ids : [...ids, post.post_id]));
      }),
    [list, accepts],
  );

  /** Shows them on top, then scrolls to `top` (the list's own heading) or else the page's top. */
  async function show(top?: HTMLElement | null): Promise<void> {
    const many = waiting.length >= list.perPage;
    setWaiting([]);
    await (many ? list.loadFirst() : list.refreshNewest());
    const behavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    if (top) top.scrollIntoView({ behavior, block: 'start' });
    else window.scrollTo({ top: 0, behavior });
  }

  return { count: waiting.length, show };
}
