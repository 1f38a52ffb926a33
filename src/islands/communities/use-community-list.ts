/**
 * NOTE: a paged list of communities (discovery, 'Your communities', search results): the first page loads when
 * `key` changes (a new query), 'Show more' appends the next, and a community already shown is not listed twice.
 * An answer for an older key is dropped, so fast typing never shows stale results.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverMessageOf } from '../../client/api.ts';
import type { CommunitiesResponse, CommunityCard } from '../../shared/community-types.ts';

export type CommunityListState = { items: CommunityCard[]; cursor: string | null; loading: boolean; loaded: boolean; error: string | null };

export function useCommunityList(key: string, fetchPage: (cursor: string | null) => Promise<CommunitiesResponse>, failure: string) {
  const [state, setState] = useState<CommunityListState>({ items: [], cursor: null, loading: true, loaded: false, error: null });
  const current = useRef(key);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback(
    async (cursor: string | null) => {
      const asked = current.current;
      setState((s) => ({ ...s, loading: true, error: null }));
      try {
        const page = await fetchRef.current(cursor);
        if (asked !== current.current) return;
        setState((s) => {
          const shown = cursor ? s.items : [];
          const seen = new Set(shown.map((c) => c.slug));
          return {
            items: [...shown, ...page.communities.filter((c) => !seen.has(c.slug))],
            cursor: page.next_cursor,
            loading: false,
            loaded: true,
            error: null,
          };
        });
      } catch (err) {
        if (asked !== current.current) return;
        setState((s) => ({ ...s, loading: false, error: serverMessageOf(err) ?? failure }));
      }
    },
    [failure],
  );

  useEffect(() => {
    current.current = key;
    setState({ items: [], cursor: null, loading: true, loaded: false, error: null });
    void load(null);
  }, [key, load]);

  return { state, more: () => void load(state.cursor), retry: () => void load(state.cursor) };
}
