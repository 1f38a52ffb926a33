/**
 * NOTE: the feed's plain first page from memory (ADR 037). Two parts:
 * - the HEAD: the newest HEAD_SIZE posts as everyone sees them (author, counts, newest comment, URLs signed for the
 *   current signing window), loaded with one query as if by nobody (no likes, no blocks), shared by all viewers;
 * - per VIEWER: the ids of the posts they liked (from the head's oldest post on) and everyone blocked either way.
 * Correctness rules:
 * - The database announces every change on FEED_CHANNEL (triggers, migrations 0009 and 0012): 'f' drops the
 *   head, 'p:<post>' drops it only when that post may be in it (a like or comment elsewhere leaves it), 'l:<id>'
 *   that viewer, 'b:<a>:<b>' both people. Code on this node that makes such a change settles (the session cache's
 *   barrier: the same listening connection) before answering, so its author sees it at once.
 * - A load that overlapped any announcement answers its own request but is not kept (generation counters), so a
 *   result read before a change can never be stored after the change was heard.
 * - While the listener is down nothing is served from here (blind means bypass), and everything is dropped.
 * - Callers use it only for the unfiltered first page; anything the head cannot answer exactly (a preview comment
 *   by someone the viewer blocked, too few posts left after hiding blocked authors) answers null: ask the database.
 */
import { LRUCache } from 'lru-cache';
import type { MediaItem, MediaListResponse } from '../../../shared/api-types.ts';
import { MAX_INT_ID } from '../../../shared/schemas/fields.ts';
import type { Db } from '../../db/client.ts';
import { viewerFeedState } from './feed-cache.queries.ts';
import type { MediaItems } from './media-items.queries.ts';
import type { MediaUrls } from './media-urls.service.ts';

export const FEED_CHANNEL = 'savepoint_feed';
/** Posts kept: a default page (10) and its `has_next`, with room for a few authors the viewer blocked. */
const HEAD_SIZE = 30;
/** Largest `per_page` served from the head. */
export const FEED_CACHE_MAX_PER_PAGE = 20;
const MAX_VIEWERS = 50_000;
const VIEWER_TTL_MS = 5 * 60_000;

type Head = { items: MediaItem[]; complete: boolean; minId: number; expiry: number };
type Viewer = { fromId: number; liked: Set<number>; blocked: Set<number> };

export type FeedCache = ReturnType<typeof createFeedCache>;

export function createFeedCache(deps: { db: Db; items: MediaItems; urls: MediaUrls }) {
  const { db, items, urls } = deps;
  let listening = false;
  let head: Head | undefined;
  let headGen = 0;
  let headLoad: Promise<Head> | undefined;
  const viewers = new LRUCache<number, Viewer>({ max: MAX_VIEWERS, ttl: VIEWER_TTL_MS });
  let viewerGen = 0;

  const dropHead = () => {
    head = undefined;
    headLoad = undefined;
    headGen++;
  };
  // One post changed: the head is dropped only if that post may be in it. With no head, or one loading (it may
  // have read the post before the change), dropping bumps the generation, so nothing read before is kept.
  const dropPost = (id: number) => {
    if (!head || headLoad || head.items.some((post) => post.id === id)) dropHead();
  };
  const dropViewer = (id: number) => {
    viewers.delete(id);
    viewerGen++;
  };

  function loadHead(): Promise<Head> {
    if (headLoad) return headLoad;
    const gen = headGen;
    const load = (async () => {
      const expiry = urls.currentExpiry();
      const rows = await items.list(0, { offset: 0, limit: HEAD_SIZE });
      // No posts at all: the largest id a post can have (ids are integer columns; the viewer's likes are read from it).
      const minId = rows.at(-1)?.id ?? MAX_INT_ID;
      const loaded: Head = { items: rows, complete: rows.length < HEAD_SIZE, minId, expiry };
      // Kept only if nothing was announced meanwhile and every URL was signed in the same window.
      if (listening && gen === headGen && urls.currentExpiry() === expiry) head = loaded;
      return loaded;
    })();
    headLoad = load;
    const clear = () => {
      if (headLoad === load) headLoad = undefined;
    };
    load.then(clear, clear);
    return load;
  }

  // A head post as one who liked it sees it: one copy per post, shared by every such viewer, so that it is made and
  // serialised (api/routes/media-list-json.ts) once, like the post itself. Posts are never changed in place.
  const likedCopies = new WeakMap<MediaItem, MediaItem>();
  function likedCopy(post: MediaItem): MediaItem {
    let copy = likedCopies.get(post);
    if (copy === undefined) likedCopies.set(post, (copy = { ...post, liked: true }));
    return copy;
  }

  async function loadViewer(viewerId: number, fromId: number): Promise<Viewer> {
    const gen = viewerGen;
    const state = await viewerFeedState(db, viewerId, fromId);
    const loaded: Viewer = { fromId, liked: new Set(state.liked), blocked: new Set(state.blocked) };
    if (listening && gen === viewerGen) viewers.set(viewerId, loaded);
    return loaded;
  }

  return {
    /** The first `perPage` posts as this viewer sees them, or null when the database must answer. */
    async firstPage(viewerId: number, perPage: number): Promise<MediaListResponse | null> {
      if (!listening || perPage > FEED_CACHE_MAX_PER_PAGE) return null;
      const h = head && head.expiry === urls.currentExpiry() ? head : await loadHead();
      const cached = viewers.get(viewerId);
      const v = cached && cached.fromId <= h.minId ? cached : await loadViewer(viewerId, h.minId);
      const visible = v.blocked.size === 0 ? h.items : h.items.filter((p) => !v.blocked.has(p.user.user_id));
      if (!h.complete && visible.length <= perPage) return null;
      const shown = visible.slice(0, perPage);
      if (v.blocked.size > 0 && shown.some((p) => p.comments.some((c) => v.blocked.has(c.user.user_id)))) return null;
      const has_next = visible.length > perPage;
      return {
        media: shown.map((p) => (v.liked.has(p.id) ? likedCopy(p) : p)),
        has_next,
        next_cursor: has_next ? shown.at(-1)!.id : null,
      };
    },

    /** An announcement heard on FEED_CHANNEL. */
    heard(payload: string) {
      if (payload === 'f') return dropHead();
      if (payload.startsWith('p:')) return dropPost(Number(payload.slice(2)));
      if (payload.startsWith('l:')) return dropViewer(Number(payload.slice(2)));
      if (payload.startsWith('b:')) {
        const [, a, b] = payload.split(':');
        dropViewer(Number(a));
        dropViewer(Number(b));
      }
    },

    /** From the listener: serve only while every announcement is heard; empty on every change of state. */
    setListening(on: boolean) {
      listening = on;
      dropHead();
      viewers.clear();
      viewerGen++;
    },
  };
}
