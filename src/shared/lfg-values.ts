/**
 * NOTE: the fixed values of looking-for-group posts (ADR 052), without the schemas (a page that lists posts does
 * not load the validation library). A post's platform is one of the game platforms.
 */
import { GAME_PLATFORMS, type GamePlatform } from './game-values.ts';

export const LFG_PLATFORMS = GAME_PLATFORMS;
export type LfgPlatform = GamePlatform;

export const LFG_TITLE_MAX = 80;
export const LFG_DESCRIPTION_MAX = 500;
/** A join request's note to the host. */
export const LFG_MESSAGE_MAX = 200;
/** Players wanted besides the host. */
export const LFG_SLOTS_MIN = 1;
export const LFG_SLOTS_MAX = 15;
export const LFG_DURATION_DEFAULT = 120;
export const LFG_DURATION_MIN = 15;
export const LFG_DURATION_MAX = 720;
/** How far ahead a session may be planned. */
export const LFG_AHEAD_DAYS = 14;
/** Posts a host may have running at once (not yet ended or closed). */
export const LFG_OPEN_MAX = 3;
/** Members are reminded this long before the start. */
export const LFG_REMINDER_MINUTES = 15;
/** A start time this far in the past still counts as now (the form was filled in a minute ago). */
export const LFG_START_GRACE_MS = 5 * 60_000;
export const LFG_PAGE_SIZE = 20;

export const LFG_VISIBILITIES = ['public', 'friends', 'community'] as const;
export type LfgVisibility = (typeof LFG_VISIBILITIES)[number];
export const LFG_VISIBILITY_LABELS: Record<LfgVisibility, string> = {
  public: 'Everyone',
  friends: 'Friends only',
  community: 'Community members',
};

/** The tags a post may carry, with their labels: a fixed list, so filters and screens agree. */
export const LFG_TAGS = [
  'mic',
  'no-mic',
  'casual',
  'competitive',
  'beginners-welcome',
  'ranked',
  'chill',
  'achievement-hunting',
  'speedrun',
  'co-op',
  'pvp',
  'adults-only',
] as const;
export type LfgTag = (typeof LFG_TAGS)[number];
export const LFG_TAG_LABELS: Record<LfgTag, string> = {
  mic: 'Mic',
  'no-mic': 'No mic',
  casual: 'Casual',
  competitive: 'Competitive',
  'beginners-welcome': 'Beginners welcome',
  ranked: 'Ranked',
  chill: 'Chill',
  'achievement-hunting': 'Achievement hunting',
  speedrun: 'Speedrun',
  'co-op': 'Co-op',
  pvp: 'PvP',
  'adults-only': '18+',
};
export const LFG_TAGS_MAX = 5;

/** 'full' is an open post whose slots are all taken; 'ended' is past its start plus duration. */
export const LFG_STATUSES = ['open', 'full', 'closed', 'ended'] as const;
export type LfgStatus = (typeof LFG_STATUSES)[number];

/** The viewer's place in a post. */
export const LFG_STANDINGS = ['host', 'member', 'requested', 'declined', 'none'] as const;
export type LfgStanding = (typeof LFG_STANDINGS)[number];

/** `when` filter of the list: starting already (or within the hour) or later. */
export const LFG_WHEN = ['now', 'later'] as const;
export type LfgWhen = (typeof LFG_WHEN)[number];
/** What 'now' covers: sessions under way or starting within this many minutes. */
export const LFG_NOW_MINUTES = 60;
