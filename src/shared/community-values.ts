/**
 * NOTE: the fixed values of communities (ADR 049), shared by forms, pages and the API without valibot.
 * - A community is named by its `slug` in every URL and body; ids never leave the server.
 * - Roles rank owner > moderator > member: `roleRank` is lower for the higher role, and a moderator acts only on
 *   people of a lower role (never on another moderator or the owner).
 */
export const COMMUNITY_VISIBILITIES = ['public', 'request', 'invite'] as const;
export type CommunityVisibility = (typeof COMMUNITY_VISIBILITIES)[number];
export const COMMUNITY_VISIBILITY_LABELS: Record<CommunityVisibility, string> = {
  public: 'Public: anyone can see it and join',
  request: 'Request to join: anyone sees the about page, moderators approve members',
  invite: 'Invite only: unlisted, joined by invite link',
};

/** The short name of each visibility, shown beside a community's member count. */
export const COMMUNITY_VISIBILITY_NAMES: Record<CommunityVisibility, string> = {
  public: 'Public',
  request: 'Request to join',
  invite: 'Invite only',
};

export const COMMUNITY_ROLES = ['owner', 'moderator', 'member'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];
export const roleRank = (role: CommunityRole): number => COMMUNITY_ROLES.indexOf(role);

export const COMMUNITY_NAME_MIN = 3;
export const COMMUNITY_NAME_MAX = 50;
export const COMMUNITY_DESCRIPTION_MAX = 2000;
export const COMMUNITY_RULES_MAX = 10;
export const COMMUNITY_RULE_MAX = 200;
export const COMMUNITY_GAMES_MAX = 5;
export const COMMUNITY_SLUG_MAX = 60;
export const COMMUNITY_QUERY_MAX = 50;
export const COMMUNITY_BAN_REASON_MAX = 500;
/** Longest timed ban; longer is a ban until lifted. */
export const COMMUNITY_BAN_HOURS_MAX = 24 * 365;
export const INVITE_USES_MAX = 1000;
export const INVITE_HOURS_MAX = 24 * 30;
/** Invite codes: 12 characters of a 62-letter alphabet (71 bits), never derived from anything. */
export const INVITE_CODE_LENGTH = 12;

export const COMMUNITIES_PAGE_SIZE = 20;
export const COMMUNITY_MEMBERS_PAGE_SIZE = 30;
export const COMMUNITY_MODLOG_PAGE_SIZE = 30;
/** Posts a community's moderators may pin (shown first in its list). */
export const COMMUNITY_PINS_MAX = 3;
/** A community's pictures: re-encoded to these sizes (WebP), from a JPEG, PNG, GIF or WebP of at most the bytes below. */
export const COMMUNITY_IMAGES = { icon: { width: 256, height: 256 }, banner: { width: 1500, height: 500 } } as const;
export type CommunityImageKind = keyof typeof COMMUNITY_IMAGES;
export const COMMUNITY_IMAGE_MAX_BYTES = 8 * 2 ** 20;

/** Channels (ADR 049): at most this many in a community; names are lowercase words joined by '-', like 'general'. */
export const COMMUNITY_CHANNELS_MAX = 20;
export const CHANNEL_NAME_MAX = 32;
/** The channel every community starts with. */
export const FIRST_CHANNEL_NAME = 'general';

/** Path words under /communities that no community's slug may take (routes registered before /{slug}). */
export const RESERVED_COMMUNITY_SLUGS: readonly string[] = ['invites', 'new', 'mine'];

/** What the mod log records. */
export const MOD_ACTIONS = [
  'approve',
  'reject',
  'kick',
  'ban',
  'unban',
  'role',
  'transfer',
  'invite',
  'edit',
  'remove_post',
  'remove_comment',
  'pin',
  'unpin',
  'channel_add',
  'channel_rename',
  'channel_remove',
  'remove_message',
] as const;
export type ModAction = (typeof MOD_ACTIONS)[number];
