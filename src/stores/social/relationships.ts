/**
 * NOTE: the calls that end a relationship or protect a member: unfriend, cancel a sent friend request, block,
 * unblock and the own blocked list. Rules for callers:
 * - Every call throws ApiError on failure; show `serverMessageOf(err)` when present (a block between the two
 *   answers 403/404 with the reason), else the fallback exported beside each call.
 * - A block is mutual invisibility: afterwards the other person's profile answers 404 both ways, so the screen
 *   that blocked must not reload it (it shows its own "You blocked …" state instead).
 * - Nothing here is cached: the blocked list is fetched each time it is shown.
 */
import { api } from '../../client/api.ts';
import type { BlockedUser, BlockedUsersResponse, MessageResponse } from '../../shared/api-types.ts';

const blockPath = (username: string) => `/profile/@${encodeURIComponent(username)}/block`;

export const UNFRIEND_FAILED = 'Failed to remove friend';
export const CANCEL_REQUEST_FAILED = 'Failed to cancel friend request';
export const BLOCK_FAILED = 'Failed to block user';
export const UNBLOCK_FAILED = 'Failed to unblock user';
export const BLOCKED_LIST_FAILED = 'Failed to load blocked users';

/** Ends the friendship with `friendId` (a user id) and the follows both ways. */
export const unfriend = (friendId: number) => api.delete<MessageResponse>(`/friends/${friendId}`);

/** Withdraws a pending request the caller sent; the recipient's notification goes away. */
export const cancelFriendRequest = (requestId: number) => api.delete<MessageResponse>(`/friends/request/${requestId}`);

export const blockUser = (username: string) => api.post<MessageResponse>(blockPath(username));

export const unblockUser = (username: string) => api.delete<MessageResponse>(blockPath(username));

/** The people the caller blocked, newest first. */
export async function fetchBlockedUsers(): Promise<BlockedUser[]> {
  return (await api.get<BlockedUsersResponse>('/profile/blocked')).blocked;
}
