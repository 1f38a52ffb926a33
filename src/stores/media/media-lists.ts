/**
 * NOTE: a paged list of posts (the feed, one user's media), newest first. Rules for callers:
 * - `createMediaList(path, perPage, params)` makes one list per screen; `path` is GET /media/feed,
 *   /media/user/@{username} or /games/{slug}/media; `params` (e.g. the feed's `game` or `view`) go on every request.
 * - `seed(page)` (re)starts it from a first page the server rendered into the page; `loadFirst()` (re)starts it
 *   by asking for the first page; `loadMore()` asks for the page after `nextCursor` and does nothing while a load
 *   is in flight, after an error (call `loadMore` again to retry) or once `hasNext` is false. The client pages
 *   with the cursor only, never with page numbers (ADR 015).
 * - `refreshNewest()` puts posts newer than the first one shown on top (e.g. after one's own upload) and keeps the
 *   rest and the paging position as they are.
 * - The list holds ids in order without repeats; the posts go to the shared cache in src/stores/media/posts.ts.
 * - Failures are logged and kept as `error` (spec §8 "feed failures are only logged"; the screen offers a retry).
 */
import { map } from 'nanostores';
import { api, serverMessageOf } from '../../client/api.ts';
import type { MediaListResponse } from '../../shared/api-types.ts';
import { FEED_PER_PAGE_DEFAULT } from '../../shared/constants.ts';
import { appendPage } from './media-reducers.ts';
import { upsertPosts } from './posts.ts';

export type MediaListState = {
  ids: number[];
  /** True once the first page has arrived. */
  loaded: boolean;
  loading: boolean;
  hasNext: boolean;
  nextCursor: number | null;
  error: string | null;
};

export type MediaList = ReturnType<typeof createMediaList>;

/**
 * The paging part of the state once `page` has arrived after `ids`: what a list shows. Also the state the server
 * renders from a preloaded first page (`pagedState([], page)`), so the first client render matches it.
 */
export function pagedState(ids: readonly number[], page: MediaListResponse): MediaListState {
  return {
    ids: appendPage(ids, page.media),
    loaded: true,
    loading: false,
    hasNext: page.has_next && page.next_cursor !== null,
    nextCursor: page.next_cursor,
    error: null,
  };
}

const initial: MediaListState = { ids: [], loaded: false, loading: false, hasNext: false, nextCursor: null, error: null };

export function createMediaList(path: string, perPage: number = FEED_PER_PAGE_DEFAULT, params: Record<string, string> = {}) {
  const $list = map<MediaListState>({ ...initial });
  // Each (re)start gets a ticket; answers to an older one are dropped.
  let generation = 0;

  function adopt(page: MediaListResponse): void {
    upsertPosts(page.media);
    $list.set(pagedState($list.get().ids, page));
  }

  async function load(cursor: number | null): Promise<void> {
    const ticket = generation;
    $list.set({ ...$list.get(), loading: true, error: null });
    const query = new URLSearchParams({ ...params, per_page: String(perPage) });
    if (cursor !== null) query.set('cursor', String(cursor));
    try {
      const page = await api.get<MediaListResponse>(`${path}?${query}`);
      if (ticket !== generation) return;
      adopt(page);
    } catch (err) {
      if (ticket !== generation) return;
      console.error(`GET ${path} failed`, err);
      $list.set({ ...$list.get(), loading: false, error: serverMessageOf(err) ?? 'Failed to load posts' });
    }
  }

  function loadFirst(): Promise<void> {
    generation++;
    $list.set({ ...initial });
    return load(null);
  }

  /** Starts anew from a first page the server rendered into the page (no request). */
  function seed(page: MediaListResponse): void {
    generation++;
    $list.set({ ...initial });
    adopt(page);
  }

  function loadMore(): Promise<void> {
    const state = $list.get();
    if (!state.loaded) return state.loading ? Promise.resolve() : loadFirst();
    if (state.loading || !state.hasNext) return Promise.resolve();
    return load(state.nextCursor);
  }

  async function refreshNewest(): Promise<void> {
    const state = $list.get();
    if (!state.loaded) return loadFirst();
    try {
      const page = await api.get<MediaListResponse>(`${path}?${new URLSearchParams({ ...params, per_page: String(perPage) })}`);
      upsertPosts(page.media);
      const listed = $list.get();
      const newest = appendPage([], page.media);
      $list.set({
        ...listed,
        ids: appendPage(
          newest,
          listed.ids.map((id) => ({ id })),
        ),
      });
    } catch (err) {
      console.error(`GET ${path} failed`, err); // the posts already shown stay
    }
  }

  return { $list, perPage, seed, loadFirst, loadMore, refreshNewest };
}
