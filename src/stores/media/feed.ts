/**
 * NOTE: the Media Feed's list (spec §2 "Media Feed", §4 "Feed paging"): one list for /feed, newest first,
 * paged with `next_cursor` while `has_next` holds. Posts are in src/stores/media/posts.ts; the list rules are in
 * src/stores/media/media-lists.ts. The feed island takes it with `feedList(perPage, filter)`.
 * - `filter` narrows the feed: one game (`?game={slug}`), every game you play (`?view=my-games`) or the posts of
 *   your communities (`?view=communities`). Each filter
 *   keeps its own list, so switching back shows what was loaded; the URL form is `feedFilterQuery`.
 */
import { FEED_PER_PAGE_DEFAULT } from '../../shared/constants.ts';
import { createMediaList, type MediaList } from './media-lists.ts';

export type FeedFilter = { kind: 'all' } | { kind: 'my-games' } | { kind: 'communities' } | { kind: 'game'; slug: string };

/** The query a filter adds to /feed and to GET /media/feed. */
export function feedFilterQuery(filter: FeedFilter): Record<string, string> {
  if (filter.kind === 'my-games') return { view: 'my-games' };
  if (filter.kind === 'communities') return { view: 'communities' };
  if (filter.kind === 'game') return { game: filter.slug };
  return {};
}

/** Reads a filter back from a URL's query (anything unknown is the whole feed). */
export function feedFilterOf(params: URLSearchParams): FeedFilter {
  const game = params.get('game');
  if (game && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(game)) return { kind: 'game', slug: game };
  if (params.get('view') === 'my-games') return { kind: 'my-games' };
  if (params.get('view') === 'communities') return { kind: 'communities' };
  return { kind: 'all' };
}

const lists = new Map<string, MediaList>();
let feedPerPage = FEED_PER_PAGE_DEFAULT;

/** The feed list for a filter, created on first use; a different page size (the page's ?per_page=) starts anew. */
export function feedList(perPage: number = FEED_PER_PAGE_DEFAULT, filter: FeedFilter = { kind: 'all' }): MediaList {
  if (perPage !== feedPerPage) {
    lists.clear();
    feedPerPage = perPage;
  }
  const params = feedFilterQuery(filter);
  const key = new URLSearchParams(params).toString();
  let list = lists.get(key);
  if (!list) {
    list = createMediaList('/media/feed', perPage, params);
    lists.set(key, list);
  }
  return list;
}
