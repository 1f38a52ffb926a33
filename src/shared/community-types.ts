/**
 * NOTE: what the community calls answer (ADR 049). Times are ISO strings; people appear as `user_id`, `username`
 * and whether they have a picture (the avatar URL is derived on the client, as elsewhere).
 */
import type { GameRef } from './game-types.ts';
import type { CommunityRole, CommunityVisibility, ModAction } from './community-values.ts';
import type { ReportReason } from './moderation-values.ts';

/** A community named in a post or a list: enough for a link. */
export type CommunityRef = { slug: string; name: string };

export type CommunityPerson = { user_id: number; username: string; has_picture: boolean };

/** The viewer's standing: `pending` while a join request waits; `banned` until the ban ends. */
export type CommunityStatus = 'member' | 'pending' | 'banned' | 'none';

/** What anyone who may see the community sees (its about page), with the viewer's own standing. */
export type Community = {
  slug: string;
  name: string;
  description: string;
  visibility: CommunityVisibility;
  rules: string[];
  games: GameRef[];
  member_count: number;
  has_icon: boolean;
  has_banner: boolean;
  created_at: string;
  my_status: CommunityStatus;
  my_role: CommunityRole | null;
  /** Whether the viewer sees posts, members and channels (members; anyone for a public community but the banned). */
  can_see_content: boolean;
};

/** A line of the discovery list. */
export type CommunityCard = Pick<Community, 'slug' | 'name' | 'description' | 'visibility' | 'member_count' | 'has_icon' | 'games'> & {
  my_status: CommunityStatus;
};

export type CommunityResponse = { community: Community };
export type CommunitiesResponse = { communities: CommunityCard[]; next_cursor: string | null };
export type JoinResponse = { status: 'member' | 'pending' };

export type CommunityMember = CommunityPerson & { role: CommunityRole; joined_at: string };
export type CommunityMembersResponse = { members: CommunityMember[]; next_cursor: string | null };

export type JoinRequest = CommunityPerson & { requested_at: string };
export type JoinRequestsResponse = { requests: JoinRequest[]; next_cursor: string | null };

export type CommunityBan = CommunityPerson & { reason: string; ends_at: string | null; banned_at: string };
export type CommunityBansResponse = { bans: CommunityBan[] };

/** GET /communities/invites/{code}: what the invite leads to (nothing is used until it is accepted). */
export type InvitePreviewResponse = { community: CommunityCard; invite: { expires_at: string } };
/** POST /communities/invites/{code}/accept: where the invite led. */
export type AcceptInviteResponse = JoinResponse & { community: { slug: string } };
export type InviteResponse = { invite: { code: string; max_uses: number; uses: number; expires_at: string } };

/**
 * An open report on a community's post or comment, as its moderators see it: what and whose, why, and the post to
 * open (`post_id`; for a comment, the post it is under). The reporter is not named.
 */
export type CommunityReport = {
  id: number;
  target_type: 'media' | 'comment' | 'message';
  target_id: number;
  reason: ReportReason;
  details: string;
  created_at: string;
  reported: { user_id: number; username: string };
  /** The post (of a post or comment report); null for a message. */
  post_id: number | null;
  /** The channel (of a message report); null for a post or comment. */
  channel: Channel | null;
  /** The post's caption, the comment's or the message's text. */
  excerpt: string;
};
export type CommunityReportsResponse = { reports: CommunityReport[]; next_cursor: string | null };

export type ModlogEntry = {
  id: number;
  action: ModAction;
  actor: string;
  target: string | null;
  reason: string;
  detail: string;
  created_at: string;
};
export type ModlogResponse = { entries: ModlogEntry[]; next_cursor: string | null };

/** A community's channel: a chat room its members read and write (open it at /chats/{room_id}). */
export type Channel = { room_id: number; name: string };
export type ChannelsResponse = { channels: Channel[] };
export type ChannelResponse = { channel: Channel };
