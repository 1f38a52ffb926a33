/**
 * NOTE: the browser's calls about looking for group (ADR 052). Every call throws ApiError on a refused answer; show
 * `serverMessageOf(err)` or your own fallback. Cursors are a page's `next_cursor`.
 */
import { api } from '../../client/api.ts';
import type { MessageResponse } from '../../shared/api-types.ts';
import type { LfgDetailResponse, LfgJoinResponse, LfgListResponse, LfgPostResponse } from '../../shared/lfg-types.ts';
import type { LfgPlatform, LfgWhen } from '../../shared/lfg-values.ts';
import type { NewLfgInput } from '../../shared/schemas/lfg.ts';

export type LfgFilter = { game?: string; platform?: LfgPlatform; community?: string; when?: LfgWhen };

/** The board's query string for a filter (and a page's cursor). */
export function lfgQuery(filter: LfgFilter, cursor: string | null = null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const findGroups = (filter: LfgFilter, cursor: string | null) => api.get<LfgListResponse>(`/lfg${lfgQuery(filter, cursor)}`);
export const myGroups = (cursor: string | null) => api.get<LfgListResponse>(`/lfg/mine${lfgQuery({}, cursor)}`);
export const fetchGroup = (id: number) => api.get<LfgDetailResponse>(`/lfg/${id}`);
export const postGroup = (input: NewLfgInput) => api.post<LfgPostResponse>('/lfg', input);
export const askToJoin = (id: number, message: string) => api.post<LfgJoinResponse>(`/lfg/${id}/join`, { message });
export const answerRequest = (id: number, userId: number, accept: boolean) =>
  api.post<MessageResponse>(`/lfg/${id}/requests/${userId}/${accept ? 'accept' : 'decline'}`);
export const leaveGroup = (id: number) => api.post<MessageResponse>(`/lfg/${id}/leave`);
export const closeGroup = (id: number) => api.post<MessageResponse>(`/lfg/${id}/close`);
