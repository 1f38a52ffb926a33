/** Response shapes of spec §7, shared by the API and its client. */
import type { HandleVisibilitySettings } from './profile-values.ts';

import type { Role } from './moderation-values.ts';
import type { CommunityRef } from './community-types.ts';
import type { GameRef, ProfileGames } from './game-types.ts';

/** `role` lets the client show moderation links; the server checks the role on every moderation call. */
export type SessionUser = { user_id: number; username: string; email: string; expires_at: string; role: Role };
export type AuthResponse = { user: SessionUser; csrf_token: string };
export type VerifyResponse = ({ valid: true } & SessionUser & { csrf_token: string }) | { valid: false; csrf_token: string; error: string };

/** A person in a followers/following list (spec §3). */
export type PersonRef = { user_id: number; username: string };

/** Spec §3 console fields; a console is null when its handle is not set. */
export type Consoles = {
  playstation: { psn_username: string } | null;
  xbox: { xbox_gamertag: string } | null;
  steam: { steam_username: string } | null;
  nintendo: { friend_code: string } | null;
};

/**
 * GET /api/profile/ (spec §7). followers/following hold at most PEOPLE_LIST_LIMIT entries, newest first;
 * the *_count fields are the true totals.
 */
export type OwnProfileResponse = {
  user_id: number;
  username: string;
  bio: string;
  discord: string | null;
  links: Record<string, string>;
  /** What they play, keyed by slug (show sorted by name); on another's profile `shared` marks games you play too. */
  games: ProfileGames;
  consoles: Consoles;
  followers: PersonRef[];
  following: PersonRef[];
  followers_count: number;
  following_count: number;
  friends_count: number;
  has_picture: boolean;
  /** Who may see each handle (every platform listed; 'everyone' when never set). Own profile only. */
  handle_visibility: HandleVisibilitySettings;
};

export type FriendshipStatus = 'none' | 'pending' | 'accepted';

/** GET /api/profile/@{username} (spec §3 "Profile (another user)"), plus whether the caller follows them. */
export type OtherProfileResponse = Omit<OwnProfileResponse, 'handle_visibility'> & {
  friendship_status: FriendshipStatus;
  /** The friendships row id (the request_id to accept or reject), or null with status none. */
  friendship_id: number | null;
  /** user_id of whoever sent the pending/accepted request, or null with status none. */
  friend_request_from: number | null;
  /** The caller follows this user. */
  is_following: boolean;
  /** This user follows the caller. */
  follows_you: boolean;
};

/** GET /api/profile/search?query= — at most SEARCH_RESULT_LIMIT entries, never the caller. */
export type SearchResponse = { users: Array<PersonRef & { has_picture: boolean }> };

/** GET /api/friends/ */
export type Friend = { friend_id: number; username: string };
/** `next_cursor`: pass it back as `?cursor=` for the next page; null on the last page. */
export type FriendsResponse = { friends: Friend[]; next_cursor: string | null };

/** POST /api/friends/request answers with the row; `accepted` when it accepted the other person's request. */
export type FriendRequestResponse = { message: string; request_id: number; status: 'pending' | 'accepted' };
export type FriendAcceptResponse = { message: string; request_id: number; friend: Friend };

/** POST/DELETE /api/profile/@{username}/follow */
export type FollowResponse = { message: string; is_following: boolean; followers_count: number };

/**
 * 'report' goes to moderators and admins only: someone reported something (links to the moderation queue).
 * The community types name the community (`community_slug`, `community_name`): a join request (to its moderators),
 * a request approved, a role changed and a ban (to the person concerned), and a report on a post or comment in the
 * community (to its moderators: `media_id` is the post, `message` says what was reported, never by whom).
 * 'post_failed' tells an author their video could not be processed and was not posted (`message` says why).
 */
export const NOTIFICATION_TYPES = [
  'friend_request',
  'friend_request_accepted',
  'like',
  'comment',
  'report',
  'community_request',
  'community_approved',
  'community_role',
  'community_banned',
  'community_report',
  'community_invited',
  'post_failed',
  'lfg_request',
  'lfg_accepted',
  'lfg_declined',
  'lfg_reminder',
  'lfg_closed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Spec §3 notification data; which keys are present depends on the type (see the notification service). */
export type NotificationData = {
  sender_username?: string;
  sender_id?: number;
  receiver_username?: string;
  receiver_id?: number;
  media_id?: number;
  report_id?: number;
  title?: string;
  message?: string;
  community_slug?: string;
  community_name?: string;
  role?: string;
  /** 'community_invited': the invite's code (its page is /communities/invites/{code}). */
  invite_code?: string;
  /** 'lfg_*': the looking-for-group post (its page is /lfg/{lfg_id}); `title` is its title. */
  lfg_id?: number;
  /** 'lfg_reminder': when the session starts (ISO). */
  starts_at?: string;
};

export type NotificationItem = {
  id: number;
  type: NotificationType | (string & {});
  viewed: boolean;
  created_at: string;
  data: NotificationData;
};

/** GET /api/notifications/?before={id}&limit={n}: newest first; `next_before` pages on, null at the end. */
export type NotificationsResponse = { notifications: NotificationItem[]; unread_count: number; next_before: number | null };

/* ── Media (spec §3 "Media post" and "Comment", §7 "Media"; ADR 015) ── */

export type MediaType = 'image' | 'video';
export type MediaStatus = 'processing' | 'ready';

/** The author of a post or a comment. */
export type MediaAuthor = { user_id: number; username: string; has_picture: boolean };

export type CommentItem = { id: number; content: string; created_at: string; user: MediaAuthor };

/**
 * A post as every media call returns it. `url` (the file) and `thumbnail_url` (a square grid image; for videos the
 * video itself) are signed and expire: on a load error ask GET /media/{id}/view for a fresh one.
 * `comments`: the newest FEED_COMMENT_PREVIEW in lists, the first page (oldest first) in GET /media/{id}.
 */
export type MediaItem = {
  id: number;
  media_type: MediaType;
  caption: string;
  likes: number;
  liked: boolean;
  user: MediaAuthor;
  comment_count: number;
  comments: CommentItem[];
  url: string;
  /** Photos: a square WebP for grids. Videos: the same of the poster once ready (the file itself before). */
  thumbnail_url: string;
  /** A video's still (WebP, upright, the frame at about 1 s): shown before it plays. Null for photos. */
  poster_url: string | null;
  /** The picture's size as served (a video's upright), so a tile keeps its shape before anything loads. */
  width: number | null;
  height: number | null;
  /** A ThumbHash (base64) to draw blurred until the picture or poster loads; null on posts older than it. */
  placeholder: string | null;
  /** A video's length in seconds. */
  duration: number | null;
  /** 'processing': a video being prepared, seen by its author only (ADR 051); everyone else sees 'ready' posts. */
  status: MediaStatus;
  /** While processing: the share done, 0-100. */
  progress: number | null;
  created_at: string;
  /** The game the post is tagged with, or null. */
  game: GameRef | null;
  /** The community it was shared into (only those who see that community's content see it), or null. */
  community: CommunityRef | null;
  /** Pinned by its community's moderators (first in the community's list). */
  pinned: boolean;
  /** The viewer moderates the post's community: they may pin it, and remove it and its comments. */
  can_moderate: boolean;
};

/** GET /media/feed and GET /media/user/@{username}: `next_cursor` pages on without repeats or gaps. */
export type MediaListResponse = { media: MediaItem[]; has_next: boolean; next_cursor: number | null };

/** POST /media/upload answers 201 with the new post (`media.id` as the spec reads it). */
export type UploadResponse = { message: string; media: MediaItem };

/** GET /media/{id}/view */
export type MediaViewResponse = { signedURL: string; expires_at: string };

/** POST /media/{id}/like and DELETE /media/{id}/dislike */
export type LikeResponse = { liked: boolean; likes: number };

/** GET /media/{id}/comments?after=&limit= : oldest first. */
export type CommentsResponse = { comments: CommentItem[]; comment_count: number; has_next: boolean };

/** POST /media/{id}/comments answers 201. */
export type CommentResponse = { comment: CommentItem; comment_count: number };

/** DELETE /media/{id}/comments/{comment_id} (the comment's author or the post's owner). */
export type CommentDeletedResponse = { message: string; comments_count: number };

/** PUT /api/profile/visibility answers every platform's setting. */
export type VisibilityResponse = { message: string; handle_visibility: HandleVisibilitySettings };

/* ── Safety: unfriend, cancel a request, blocks ── */

/** DELETE /api/friends/{friend_id}, DELETE /api/friends/request/{request_id}, POST/DELETE /api/profile/@{username}/block */
export type MessageResponse = { message: string };

/** GET /api/profile/blocked: the people you blocked, newest first. */
export type BlockedUser = { user_id: number; username: string; blocked_at: string };
export type BlockedUsersResponse = { blocked: BlockedUser[] };
