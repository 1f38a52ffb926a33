/**
 * NOTE: a list whose query can change (a search box, filters): the first page loads whenever `key` changes,
 * `more()` appends the next, an item already shown is not listed twice (`keyOf`), and only the latest load's answer
 * is applied, so fast typing never shows stale results. `reload()` reads the first page again. Its state renders the
 * same on the server and until the first answer (loading).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverMessageOf } from '../../client/api.ts';

export type KeyedListState<T> = { items: T[]; cursor: string | null; loading: boolean; loaded: boolean; error: string | null };
export type KeyedPage<T> = { items: T[]; next: string | null };

export function useKeyedList<T>(
  key: string,
  fetchPage: (cursor: string | null) => Promise<KeyedPage<T>>,
  keyOf: (item: T) => string | number,
  failure: string,
) {
  const [state, setState] = useState<KeyedListState<T>>({ items: [], cursor: null, loading: true, loaded: false, error: null });
  // Every load takes a number; only the latest one's answer is applied (a 'Show more' overtaken by a reload or a
  // new key is dropped).
  const latest = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;

  const load = useCallback(
    async (cursor: string | null) => {
      const asked = ++latest.current;
      setState((s) => ({ ...s, loading: true, error: null }));
      try {
        const page = await fetchRef.current(cursor);
        if (asked !== latest.current) return;
        setState((s) => {
          const shown = cursor ? s.items : [];
          const seen = new Set(shown.map((item) => keyRef.current(item)));
          return {
            items: [...shown, ...page.items.filter((item) => !seen.has(keyRef.current(item)))],
            cursor: page.next,
            loading: false,
            loaded: true,
            error: null,
          };
        });
      } catch (err) {
        if (asked !== latest.current) return;
        setState((s) => ({ ...s, loading: false, error: serverMessageOf(err) ?? failure }));
      }
    },
    [failure],
  );

  useEffect(() => {
    setState({ items: [], cursor: null, loading: true, loaded: false, error: null });
    void load(null);
  }, [key, load]);

  return { state, more: () => void load(state.cursor), reload: () => void load(null) };
}
