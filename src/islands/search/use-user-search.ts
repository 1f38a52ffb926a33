/**
 * NOTE: the search behind /search (spec §2, §5): runs SEARCH_DEBOUNCE_MS after the last keystroke and only with
 * at least SEARCH_MIN_CHARS characters (trimmed). Each query's answer is applied only while that query is still
 * the latest one, so a slow answer to an older query never overwrites a newer one. `immediate` skips the pause
 * (the query restored from the URL, or Enter).
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import type { SearchResponse } from '../../shared/api-types.ts';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../../shared/constants.ts';

/** The URL parameter that keeps the query (/search?q=…). */
export const QUERY_PARAM = 'q';

export type SearchUser = SearchResponse['users'][number];
export type SearchState =
  { status: 'idle' } | { status: 'loading'; users: SearchUser[] } | { status: 'done'; users: SearchUser[] } | { status: 'error' };

export const searchable = (query: string) => query.trim().length >= SEARCH_MIN_CHARS;

export const initialSearchState = (query: string): SearchState =>
  searchable(query) ? { status: 'loading', users: [] } : { status: 'idle' };

export function useUserSearch(query: string, immediate: boolean): SearchState {
  const [state, setState] = useState<SearchState>(() => initialSearchState(query));
  const q = query.trim();

  useEffect(() => {
    if (!searchable(q)) {
      setState({ status: 'idle' });
      return;
    }
    let latest = true;
    // Keep the previous results on screen (dimmed) while the next ones load.
    setState((s) => ({ status: 'loading', users: s.status === 'done' || s.status === 'loading' ? s.users : [] }));
    const timer = setTimeout(
      () => {
        api.get<SearchResponse>(`/profile/search?query=${encodeURIComponent(q)}`).then(
          (res) => latest && setState({ status: 'done', users: res.users }),
          () => latest && setState({ status: 'error' }),
        );
      },
      immediate ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => {
      latest = false;
      clearTimeout(timer);
    };
  }, [q, immediate]);

  return state;
}
