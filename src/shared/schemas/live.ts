/**
 * NOTE: what an open page asks to follow live (ADR 045): the socket's `watch` event. Each `watch` replaces the
 * socket's previous one whole, so a page sends everything it shows, and an empty list stops following it.
 * Rules: the server joins only what the person may see (a post or person blocked either way, or suspended, is
 * dropped silently); more than these limits is refused whole; ids are PostgreSQL integers.
 */
import * as v from 'valibot';
import { MAX_INT_ID } from './fields.ts';
import { gameSlugField } from './games.ts';
import { WATCH_CHANNELS_MAX, WATCH_COMMUNITIES_MAX, WATCH_GAMES_MAX, WATCH_PEOPLE_MAX, WATCH_POSTS_MAX } from '../live-values.ts';
import { communitySlugField } from './communities.ts';

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_INT_ID));

export const watchSchema = v.object({
  /** Posts whose counts and comments the page shows. */
  posts: v.pipe(v.array(id), v.maxLength(WATCH_POSTS_MAX)),
  /** People whose profile (counts, new posts) the page shows. */
  people: v.pipe(v.array(id), v.maxLength(WATCH_PEOPLE_MAX)),
  /** Game pages (new posts about the game) by slug. */
  games: v.pipe(v.array(gameSlugField()), v.maxLength(WATCH_GAMES_MAX)),
  /** Community pages (new posts shared into the community) by slug; optional for pages loaded before it came. */
  communities: v.optional(v.pipe(v.array(communitySlugField), v.maxLength(WATCH_COMMUNITIES_MAX)), []),
  /** Community channels whose room is open (who is typing there), by room id; other rooms are dropped. */
  channels: v.optional(v.pipe(v.array(id), v.maxLength(WATCH_CHANNELS_MAX)), []),
  /** Whether the page shows the feed (new posts by anyone). */
  feed: v.boolean(),
});

export type WatchRequest = v.InferOutput<typeof watchSchema>;
