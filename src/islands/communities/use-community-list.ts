/**
 * NOTE: a paged list of communities (discovery, 'Your communities', search results) as `useKeyedList` keeps it:
 * the first page loads when `key` changes (a new query), a community already shown is not listed twice.
 */
import { useCallback } from 'react';
import type { CommunitiesResponse, CommunityCard } from '../../shared/community-types.ts';
import { useKeyedList, type KeyedListState } from '../../ui/paged-list/use-keyed-list.ts';

export type CommunityListState = KeyedListState<CommunityCard>;
const slugOf = (c: CommunityCard) => c.slug;

export function useCommunityList(key: string, fetchPage: (cursor: string | null) => Promise<CommunitiesResponse>, failure: string) {
  const page = useCallback(
    async (cursor: string | null) => {
      const answer = await fetchPage(cursor);
      return { items: answer.communities, next: answer.next_cursor };
    },
    [fetchPage],
  );
  const { state, more } = useKeyedList(key, page, slugOf, failure);
  return { state, more, retry: more };
}
