/**
 * NOTE: the search behind /search (spec §2, §5): runs SEARCH_DEBOUNCE_MS after the last keystroke and only with
 * at least SEARCH_MIN_CHARS characters (trimmed). Each query's answer is applied only while that query is still
 * the latest one, so a slow answer to an older query never overwrites a newer one. `immediate` skips the pause
 * (the query restored from the URL, or Enter). With a game or platform filter the text may be empty: the search
 * then lists that game's (or platform's) players.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import type { SearchResponse } from '../../shared/api-types.ts';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../../shared/constants.ts';
import type { GamePlatform } from '../../shared/game-values.ts';

/** Narrows the search to players of a game (by slug) and/or a platform. */
export type SearchFilters = { game: string | null; platform: GamePlatform | null };
const NO_FILTERS: SearchFilters = { game: null, platform: null };

/** The URL parameter that keeps the query (/search?q=…). */
export const QUERY_PARAM = 'q';

export type SearchUser = SearchResponse['users'][number];
export type SearchState =
  { status: 'idle' } | { status: 'loading'; users: SearchUser[] } | { status: 'done'; users: SearchUser[] } | { status: 'error' };

export const searchable = (query: string, filters: SearchFilters = NO_FILTERS) =>
  query.trim().length >= SEARCH_MIN_CHARS || filters.game !== null || filters.platform !== null;

export const initialSearchState = (query: string, filters: SearchFilters = NO_FILTERS): SearchState =>
  searchable(query, filters) ? { status: 'loading', users: [] } : { status: 'idle' };

export function useUserSearch(query: string, immediate: boolean, filters: SearchFilters = NO_FILTERS): SearchState {
  const [state, setState] = useState<SearchState>(() => initialSearchState(query, filters));
  const q = query.trim();
  const { game, platform } = filters;

  useEffect(() => {
    if (!searchable(q, { game, platform })) {
      setState({ status: 'idle' });
      return;
    }
    let latest = true;
    // Keep the previous results on screen (dimmed) while the next ones load.
    setState((s) => ({ status: 'loading', users: s.status === 'done' || s.status === 'loading' ? s.users : [] }));
    const timer = setTimeout(
      () => {
        const params = new URLSearchParams({ query: q });
        if (game) params.set('game', game);
        if (platform) params.set('platform', platform);
        api.get<SearchResponse>(`/profile/search?${params}`).then(
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
  }, [q, immediate, game, platform]);

  return state;
}
