/**
 * NOTE: what this tab shows, told to the server so it sends what changes there (ADR 045; the socket's `watch`).
 * Rules for callers:
 * - Call `watchPost(id)`, `watchPerson(id)`, `watchGame(slug)`, `watchCommunity(slug)` or `watchFeed()` when something appears on screen
 *   and call the function it answers when it goes: counted per caller, so two cards of one post are fine.
 * - The whole set is sent shortly after each change (one `watch` for a burst of cards) and again on every
 *   (re)connect, since a new socket watches nothing. Only the newest WATCH_POSTS_MAX posts are sent.
 * Browser only, like every store (see session.ts); on the server the calls do nothing.
 */
import { WATCH_CHANNELS_MAX, WATCH_COMMUNITIES_MAX, WATCH_PEOPLE_MAX, WATCH_POSTS_MAX, WATCH_GAMES_MAX } from '../../shared/live-values.ts';
import type { WatchRequest } from '../../shared/schemas/live.ts';
import { $socketConnected, emitToServer } from '../socket.ts';

const SEND_DELAY_MS = 100;
const posts = new Map<number, number>();
const people = new Map<number, number>();
const games = new Map<string, number>();
const communities = new Map<string, number>();
const channels = new Map<number, number>();
const feed = new Map<'feed', number>();
let timer: ReturnType<typeof setTimeout> | undefined;
let connected = false;

/** What the tab follows now: the newest posts first counted, the limits applied. */
export function watchRequest(): WatchRequest {
  return {
    posts: [...posts.keys()].sort((a, b) => b - a).slice(0, WATCH_POSTS_MAX),
    people: [...people.keys()].slice(-WATCH_PEOPLE_MAX),
    games: [...games.keys()].slice(-WATCH_GAMES_MAX),
    communities: [...communities.keys()].slice(-WATCH_COMMUNITIES_MAX),
    channels: [...channels.keys()].slice(-WATCH_CHANNELS_MAX),
    feed: feed.size > 0,
  };
}

function send() {
  timer = undefined;
  emitToServer('watch', watchRequest());
}

function changed() {
  if (typeof window === 'undefined' || !connected || timer) return;
  timer = setTimeout(send, SEND_DELAY_MS);
}

function counted<K>(set: Map<K, number>, key: K): () => void {
  if (typeof window === 'undefined') return () => {};
  set.set(key, (set.get(key) ?? 0) + 1);
  changed();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (set.get(key) ?? 1) - 1;
    if (left > 0) set.set(key, left);
    else set.delete(key);
    changed();
  };
}

export const watchPost = (id: number) => counted(posts, id);
export const watchPerson = (userId: number) => counted(people, userId);
export const watchGame = (slug: string) => counted(games, slug);
export const watchCommunity = (slug: string) => counted(communities, slug);
export const watchFeed = () => counted(feed, 'feed');
/** An open chat room: a community's channel sends its typing to open screens only (other rooms are dropped). */
export const watchChannel = (roomId: number) => counted(channels, roomId);

if (typeof window !== 'undefined') {
  $socketConnected.subscribe((now) => {
    connected = now;
    if (now) changed();
  });
}
