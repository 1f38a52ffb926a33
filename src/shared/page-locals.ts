/** What the server hands Astro pages for each request (Astro.locals). */
import type { MediaListResponse } from './api-types.ts';
import type { Role } from './moderation-values.ts';

export type PageUser = { id: number; username: string; email: string; role: Role };
/** `socketHost`: the host[:port] the page's socket connects to, checked by the server (null: none to name). */
/**
 * The home page's first steps, each true once done: a picture and a bio, a game added, a friend, a request sent or
 * someone followed, a post shared.
 */
export type StartSteps = { profile: boolean; games: boolean; players: boolean; post: boolean };
/**
 * `preload`: data a page may render into its first HTML (src/server/http/page-preload.ts). Each answers what the
 * API would for the same query (`feed`: GET /media/feed's query), or null, and the island then asks the API itself.
 * `start` (the home page's steps, about the viewer only) has no API route: on null the page shows no step as done.
 */
export type PagePreload = {
  feed(query: Record<string, string>): Promise<MediaListResponse | null>;
  start(): Promise<StartSteps | null>;
};
/**
 * `lookup`: whether what a page is about exists for the viewer (src/server/http/page-lookup.ts): 'missing' exactly
 * when the API would refuse it (the page answers 404), 'unknown' when the check failed or ran late (the island asks).
 */
export type Presence = 'found' | 'missing' | 'unknown';
export type PageLookup = {
  user(username: string): Promise<Presence>;
  game(slug: string): Promise<Presence>;
  chat(roomId: number): Promise<Presence>;
  post(postId: number): Promise<Presence>;
  community(slug: string): Promise<Presence>;
  invite(code: string): Promise<Presence>;
  /** A looking-for-group post. */
  group(postId: number): Promise<Presence>;
};
export type PageLocals = {
  user: PageUser | null;
  csrfToken: string;
  socketHost: string | null;
  preload: PagePreload;
  lookup: PageLookup;
};
