/**
 * NOTE: the Media Feed's list (spec §2 "Media Feed", §4 "Feed paging"): one list for /feed, newest first,
 * paged with `next_cursor` while `has_next` holds. Posts are in src/stores/posts.ts; the list rules are in
 * src/stores/media-lists.ts. The feed island takes it with `feedList(perPage)`.
 */
import { FEED_PER_PAGE_DEFAULT } from '../shared/constants.ts';
import { createMediaList, type MediaList } from './media-lists.ts';

let feed: MediaList | null = null;
let feedPerPage = FEED_PER_PAGE_DEFAULT;

/** The feed list, created on first use; a different page size (the page's ?per_page=) starts a new one. */
export function feedList(perPage: number = FEED_PER_PAGE_DEFAULT): MediaList {
  if (!feed || perPage !== feedPerPage) {
    feed = createMediaList('/media/feed', perPage);
    feedPerPage = perPage;
  }
  return feed;
}
