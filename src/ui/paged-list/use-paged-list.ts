/**
 * NOTE: a newest-first list loaded page by page with a cursor (the queue, the audit log, a community's requests and mod log). Loads the first page on
 * mount; `loadMore()` appends the next; `retry()` starts over after a failed first load; `drop(id)` and
 * `update(fn)` change what is shown after an action, without a reload. A failed 'Load more' keeps what is shown.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverMessageOf } from '../../client/api.ts';

type Page<T> = { items: T[]; next_cursor: string | null };
export type PagedList<T> = {
  items: T[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  moreError: string | null;
};

export function usePagedList<T extends { id: number }>(fetchPage: (cursor: string | null) => Promise<Page<T>>, failure: string) {
  const [state, setState] = useState<PagedList<T>>({
    items: [],
    status: 'loading',
    error: null,
    hasMore: false,
    loadingMore: false,
    moreError: null,
  });
  const cursor = useRef<string | null>(null);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const loadFirst = useCallback(async () => {
    setState((s) => ({ ...s, status: 'loading', error: null }));
    try {
      const page = await fetchRef.current(null);
      cursor.current = page.next_cursor;
      setState({
        items: page.items,
        status: 'ready',
        error: null,
        hasMore: page.next_cursor !== null,
        loadingMore: false,
        moreError: null,
      });
    } catch (err) {
      setState((s) => ({ ...s, status: 'error', error: serverMessageOf(err) ?? failure }));
    }
  }, [failure]);

  useEffect(() => void loadFirst(), [loadFirst]);

  async function loadMore(): Promise<void> {
    if (state.loadingMore || cursor.current === null) return;
    setState((s) => ({ ...s, loadingMore: true, moreError: null }));
    try {
      const page = await fetchRef.current(cursor.current);
      cursor.current = page.next_cursor;
      setState((s) => {
        // A card that moved up a page (others resolved meanwhile) is shown once.
        const seen = new Set(s.items.map((i) => i.id));
        const items = [...s.items, ...page.items.filter((i) => !seen.has(i.id))];
        return { ...s, items, hasMore: page.next_cursor !== null, loadingMore: false };
      });
    } catch (err) {
      setState((s) => ({ ...s, loadingMore: false, moreError: serverMessageOf(err) ?? failure }));
    }
  }

  const drop = (ids: number[]) => setState((s) => ({ ...s, items: s.items.filter((i) => !ids.includes(i.id)) }));
  const update = (fn: (item: T) => T) => setState((s) => ({ ...s, items: s.items.map(fn) }));

  return { ...state, loadMore, retry: loadFirst, drop, update };
}
