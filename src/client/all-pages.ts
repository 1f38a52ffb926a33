/**
 * NOTE: every page of a cursor-paged list (GET /chat/my-rooms, GET /friends/), fetched one after another at the
 * largest page size. For lists a screen needs whole (the chats list the live updates patch, friend pickers):
 * the server bounds each answer, the client still holds everything it had before the lists were paged.
 */
import { LIST_PAGE_MAX } from '../shared/constants.ts';
import { api } from './api.ts';

export async function allPages<K extends string, T>(path: string, key: K): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${LIST_PAGE_MAX}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const page = await api.get<Record<K, T[]> & { next_cursor: string | null }>(path + query);
    items.push(...page[key]);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return items;
}
