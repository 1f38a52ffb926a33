/**
 * NOTE: a paged list of posts (the board, 'Your groups', a game's or community's section) as `useKeyedList` keeps
 * it: the first page loads when `key` changes (new filters); `reload()` reads it again (a post made or changed).
 */
import { useCallback } from 'react';
import type { LfgListResponse, LfgPost } from '../../shared/lfg-types.ts';
import { useKeyedList, type KeyedListState } from '../../ui/paged-list/use-keyed-list.ts';

export type LfgListState = KeyedListState<LfgPost>;
const idOf = (p: LfgPost) => p.id;

export function useLfgList(key: string, fetchPage: (cursor: string | null) => Promise<LfgListResponse>, failure: string) {
  const page = useCallback(
    async (cursor: string | null) => {
      const answer = await fetchPage(cursor);
      return { items: answer.posts, next: answer.next_cursor };
    },
    [fetchPage],
  );
  return useKeyedList(key, page, idOf, failure);
}
