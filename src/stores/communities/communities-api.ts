/**
 * NOTE: the browser's calls about communities (ADR 049). Every call throws ApiError on a refused answer; show
 * `serverMessageOf(err)` or your own fallback. Slugs go into paths encoded; cursors are a page's `next_cursor`.
 */
import { api } from '../../client/api.ts';
import type { MessageResponse } from '../../shared/api-types.ts';
import type {
  AcceptInviteResponse,
  ChannelsResponse,
  CommunitiesResponse,
  CommunityMembersResponse,
  CommunityResponse,
  InvitePreviewResponse,
  JoinResponse,
} from '../../shared/community-types.ts';
import { communityPath } from '../../shared/paths.ts';
import type { NewCommunityInput } from '../../shared/schemas/communities.ts';

/** A community's icon or banner; `version` (anything new after a change) makes the browser fetch it again. */
export const communityImageUrl = (slug: string, kind: 'icon' | 'banner', version?: number) =>
  `/api${communityPath(slug)}/${kind}${version ? `?v=${version}` : ''}`;
export const withCursor = (path: string, cursor: string | null, joiner = '?') =>
  cursor ? `${path}${joiner}cursor=${encodeURIComponent(cursor)}` : path;

export function findCommunities(query: string, cursor: string | null) {
  const params = new URLSearchParams();
  if (query.trim()) params.set('query', query.trim());
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return api.get<CommunitiesResponse>(`/communities${search ? `?${search}` : ''}`);
}

export const myCommunities = (cursor: string | null) => api.get<CommunitiesResponse>(withCursor('/communities/mine', cursor));
export const gameCommunities = (game: string, cursor: string | null) =>
  api.get<CommunitiesResponse>(withCursor(`/communities?game=${encodeURIComponent(game)}`, cursor, '&'));
export const fetchCommunity = (slug: string) => api.get<CommunityResponse>(communityPath(slug));
export const createCommunity = (input: NewCommunityInput) => api.post<CommunityResponse>('/communities', input);
export const joinCommunity = (slug: string) => api.post<JoinResponse>(`${communityPath(slug)}/join`);
export const leaveCommunity = (slug: string) => api.post<MessageResponse>(`${communityPath(slug)}/leave`);
export const fetchMembers = (slug: string, cursor: string | null) =>
  api.get<CommunityMembersResponse>(withCursor(`${communityPath(slug)}/members`, cursor));

/** A community's channels; each opens as a chat room at `chatPath(room_id)` (shared/routes.ts). */
export const fetchChannels = (slug: string) => api.get<ChannelsResponse>(`${communityPath(slug)}/channels`);

/** An invite's page (/communities/invites/{code}) and its calls. */
export const invitePath = (code: string) => `/communities/invites/${encodeURIComponent(code)}`;
export const previewInvite = (code: string) => api.get<InvitePreviewResponse>(invitePath(code));
export const acceptInvite = (code: string) => api.post<AcceptInviteResponse>(`${invitePath(code)}/accept`);
