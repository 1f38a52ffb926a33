/**
 * NOTE: the calls of a community's settings (moderators; ADR 049), apart from communities-api.ts so the community
 * page does not carry them. Every call throws ApiError on a refused answer; show `serverMessageOf(err)` or your
 * own fallback. People are named by user id, as the API does.
 */
import { api } from '../../client/api.ts';
import type { MessageResponse } from '../../shared/api-types.ts';
import type {
  ChannelResponse,
  CommunityBansResponse,
  CommunityReportsResponse,
  CommunityResponse,
  InviteResponse,
  JoinRequestsResponse,
  ModlogResponse,
} from '../../shared/community-types.ts';
import type { CommunityEdit } from '../../shared/schemas/communities.ts';
import { withCursor } from './communities-api.ts';
import { communityPath } from '../../shared/paths.ts';

const personPath = (slug: string, part: string, userId: number) => `${communityPath(slug)}/${part}/${userId}`;

export const editCommunity = (slug: string, edit: CommunityEdit) => api.patch<CommunityResponse>(communityPath(slug), edit);
export const deleteCommunity = (slug: string, password: string) => api.delete<MessageResponse>(communityPath(slug), { password });

/** Replaces the icon or banner with `file` (multipart), or removes it. */
export function putCommunityImage(slug: string, kind: 'icon' | 'banner', file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.put<MessageResponse>(`${communityPath(slug)}/${kind}`, form);
}
export const removeCommunityImage = (slug: string, kind: 'icon' | 'banner') =>
  api.delete<MessageResponse>(`${communityPath(slug)}/${kind}`);

export const fetchRequests = (slug: string, cursor: string | null) =>
  api.get<JoinRequestsResponse>(withCursor(`${communityPath(slug)}/requests`, cursor));
export const answerRequest = (slug: string, userId: number, approve: boolean) =>
  api.post<MessageResponse>(`${personPath(slug, 'requests', userId)}/${approve ? 'approve' : 'reject'}`);

/** An invite link; with `userId`, an invite for that person, who is told (a notification leading to it). */
export const makeInvite = (slug: string, maxUses: number, hours: number, userId?: number) =>
  api.post<InviteResponse>(`${communityPath(slug)}/invites`, {
    max_uses: maxUses,
    expires_in_hours: hours,
    ...(userId === undefined ? {} : { user_id: userId }),
  });

export const setRole = (slug: string, userId: number, role: 'moderator' | 'member') =>
  api.put<MessageResponse>(`${personPath(slug, 'members', userId)}/role`, { role });
export const transferCommunity = (slug: string, userId: number) =>
  api.post<MessageResponse>(`${communityPath(slug)}/transfer`, { user_id: userId });
export const kickMember = (slug: string, userId: number) => api.delete<MessageResponse>(personPath(slug, 'members', userId));

export const fetchBans = (slug: string) => api.get<CommunityBansResponse>(`${communityPath(slug)}/bans`);
export const banMember = (slug: string, ban: { user_id: number; reason: string; duration_hours?: number }) =>
  api.post<MessageResponse>(`${communityPath(slug)}/bans`, ban);
export const liftBan = (slug: string, userId: number) => api.delete<MessageResponse>(personPath(slug, 'bans', userId));

export const fetchReports = (slug: string, cursor: string | null) =>
  api.get<CommunityReportsResponse>(withCursor(`${communityPath(slug)}/reports`, cursor));
export const fetchModlog = (slug: string, cursor: string | null) =>
  api.get<ModlogResponse>(withCursor(`${communityPath(slug)}/modlog`, cursor));

const channelPath = (slug: string, roomId: number) => `${communityPath(slug)}/channels/${roomId}`;
export const addChannel = (slug: string, name: string) => api.post<ChannelResponse>(`${communityPath(slug)}/channels`, { name });
export const renameChannel = (slug: string, roomId: number, name: string) =>
  api.patch<ChannelResponse>(channelPath(slug, roomId), { name });
export const removeChannel = (slug: string, roomId: number) => api.delete<MessageResponse>(channelPath(slug, roomId));
