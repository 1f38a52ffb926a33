/**
 * NOTE: the limits of a page's `watch` (ADR 045), apart from its schema (src/shared/schemas/live.ts) so the
 * client's watch list can read them without shipping the validation code to every page.
 */

/** Posts a page may follow at once: a long scrolled feed keeps its newest WATCH_POSTS_MAX (the client's choice). */
export const WATCH_POSTS_MAX = 300;
/** Profiles followed at once (the one open, and one's own). */
export const WATCH_PEOPLE_MAX = 5;
/** Game pages followed at once. */
export const WATCH_GAMES_MAX = 5;
export const WATCH_COMMUNITIES_MAX = 5;
/** Channels whose screen is open (their typing indicators): one room a tab, and one on its way. */
export const WATCH_CHANNELS_MAX = 2;
