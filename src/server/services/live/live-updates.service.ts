/**
 * NOTE: keeps open pages true (ADR 045). The database announces each like, comment, new post and follow or
 * friendship change at commit on the feed channel (migrations 0012 and 0013), to every node; each node sends what
 * its own sockets watch, so the request path sends nothing and no event crosses Redis.
 * Rules:
 * - Announcements are batched for FLUSH_MS, so a post liked a thousand times a second costs each node one query and
 *   one `post_counts` per batch, whatever the number of watchers; only rooms with a socket on this node are read.
 * - Nothing reaches people blocked either way with the post's author, the commenter or the profile's owner
 *   (read at each flush, so a block counts from the next batch); a suspended author's posts and profile go quiet.
 * - Events carry counts and ids only: a page fetches what it shows through the API, which applies every rule.
 * - While the listener is down announcements are lost: pages stay as they were until their next change.
 */
import type { ServerEventName, ServerEventPayload } from '../../../shared/realtime-events.ts';
import type { WatchRequest } from '../../../shared/schemas/live.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { EventBus } from '../event-bus.ts';
import { communityRoom, FEED_ROOM, gameRoom, postRoom, profileRoom } from './live-rooms.ts';
import { blockedWith, communitySlugsOf, gameSlugs, postFacts, profileCounts, visibleWatch } from './live.queries.ts';

export const FLUSH_MS = 250;

type CommentChange = { postId: number; commentId: number; authorId: number; added: boolean };
type NewPost = { postId: number; authorId: number; gameId: number | null; communityId: number | null };
/** `pairs`: the two people of a changed follow or friendship, and whether their counts changed (else only a pending request did). */
type Batch = {
  posts: Set<number>;
  comments: CommentChange[];
  created: NewPost[];
  pairs: Map<string, { a: number; b: number; counts: boolean }>;
};

/** A batch keeps at most this many of each kind (an account deletion announces every row it removes). */
const BATCH_MAX = 5_000;
const emptyBatch = (): Batch => ({ posts: new Set(), comments: [], created: [], pairs: new Map() });
const ids = (text: string) => text.split(':').map(Number);

/**
 * Where a new post is announced: the feed, its author's profile and its game's page; a post shared into a
 * community only to that community's page (whose watchers may all see it: visibleWatch), never beyond.
 */
function roomsOfNewPost(p: { authorId: number; game: string | null; communityId: number | null; community: string | null }): string[] {
  if (p.communityId !== null) return p.community === null ? [] : [communityRoom(p.community)];
  return [FEED_ROOM, profileRoom(p.authorId), ...(p.game === null ? [] : [gameRoom(p.game)])];
}

export function createLiveUpdates(deps: { db: Db; bus: EventBus }) {
  const { db, bus } = deps;
  let log: Logger | undefined;
  /** Whether a socket on this node is in the room (realtime/watch.ts sets it). */
  let watched: (room: string) => boolean = () => false;
  let batch = emptyBatch();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;

  const send = <E extends ServerEventName>(rooms: string[], exceptUsers: number[], event: E, payload: ServerEventPayload<E>) =>
    bus.emit('deliver.local', { rooms, users: [], exceptUsers, event, payload });

  async function flush(b: Batch): Promise<void> {
    const comments = b.comments.filter((c) => watched(postRoom(c.postId)));
    const postIds = [...new Set([...b.posts, ...comments.map((c) => c.postId)])].filter((id) => watched(postRoom(id)));
    const [slugs, communitySlugs] = await Promise.all([
      gameSlugs(db, [...new Set(b.created.flatMap((p) => (p.gameId === null ? [] : [p.gameId])))]),
      communitySlugsOf(db, [...new Set(b.created.flatMap((p) => (p.communityId === null ? [] : [p.communityId])))]),
    ]);
    const created = b.created
      .map((p) => ({
        ...p,
        game: p.gameId === null ? null : (slugs.get(p.gameId) ?? null),
        community: p.communityId === null ? null : (communitySlugs.get(p.communityId) ?? null),
      }))
      .filter((p) => roomsOfNewPost(p).some(watched));
    const pairs = [...b.pairs.values()];
    // Counts only for a follow or an accepted friendship: a pending request is the two people's business alone.
    const people = [...new Set(pairs.flatMap((p) => (p.counts ? [p.a, p.b] : [])))];
    for (const { a, b: z } of pairs) {
      bus.emit('deliver.local', { rooms: [], users: [a], exceptUsers: [], event: 'relationship_changed', payload: { user_id: z } });
      bus.emit('deliver.local', { rooms: [], users: [z], exceptUsers: [], event: 'relationship_changed', payload: { user_id: a } });
    }
    const profiles = people.filter((id) => watched(profileRoom(id)));
    if (postIds.length + created.length + profiles.length === 0) return;
    const [facts, counts] = await Promise.all([postFacts(db, postIds), profileCounts(db, profiles)]);
    const involved = [...facts.map((f) => f.authorId), ...comments.map((c) => c.authorId), ...created.map((p) => p.authorId), ...profiles];
    const blocked = await blockedWith(db, [...new Set(involved)]);
    const hidden = (...people: number[]) => people.flatMap((id) => blocked.get(id) ?? []);
    const authorOf = new Map(facts.map((f) => [f.id, f.authorId]));
    for (const f of facts) {
      send([postRoom(f.id)], hidden(f.authorId), 'post_counts', { post_id: f.id, likes: f.likes, comment_count: f.commentCount });
    }
    for (const c of comments) {
      const author = authorOf.get(c.postId);
      if (author === undefined) continue; // gone, or its author suspended
      const payload = { post_id: c.postId, comment_id: c.commentId };
      send([postRoom(c.postId)], hidden(author, c.authorId), c.added ? 'comment_added' : 'comment_removed', payload);
    }
    for (const p of created) {
      send(roomsOfNewPost(p), hidden(p.authorId), 'post_created', {
        post_id: p.postId,
        user_id: p.authorId,
        game: p.game,
        community: p.community,
      });
    }
    for (const c of counts) {
      const payload = { user_id: c.userId, followers_count: c.followers, following_count: c.following, friends_count: c.friends };
      send([profileRoom(c.userId)], hidden(c.userId), 'profile_counts', payload);
    }
  }

  let stopped = false;
  function schedule() {
    if (stopped || timer || flushing) return;
    timer = setTimeout(() => {
      timer = undefined;
      const taken = batch;
      batch = emptyBatch();
      flushing = flush(taken)
        .catch((err: unknown) => log?.warn({ err }, 'live updates: a batch was dropped'))
        .finally(() => {
          flushing = undefined;
          if (batch.posts.size + batch.comments.length + batch.created.length + batch.pairs.size > 0) schedule();
        });
    }, FLUSH_MS);
    timer.unref();
  }

  return {
    /** An announcement heard on the feed channel; the rest of its payloads are the feed cache's. */
    heard(payload: string) {
      if (stopped) return;
      const kind = payload.slice(0, 2);
      if (kind === 'p:') {
        if (batch.posts.size < BATCH_MAX) batch.posts.add(Number(payload.slice(2)));
      } else if (kind === 'c:' || kind === 'd:') {
        const [postId, commentId, authorId] = ids(payload.slice(2)) as [number, number, number];
        if (batch.comments.length < BATCH_MAX) batch.comments.push({ postId, commentId, authorId, added: kind === 'c:' });
      } else if (kind === 'n:') {
        const [postId, authorId] = ids(payload.slice(2)) as [number, number];
        const [, , , game, community] = payload.split(':');
        const place = { gameId: game ? Number(game) : null, communityId: community ? Number(community) : null };
        if (batch.created.length < BATCH_MAX) batch.created.push({ postId, authorId, ...place });
      } else if (kind === 'r:' || kind === 'q:') {
        const [a, b] = ids(payload.slice(2)) as [number, number];
        const key = `${Math.min(a, b)}:${Math.max(a, b)}`;
        const counts = kind === 'r:' || (batch.pairs.get(key)?.counts ?? false);
        if (batch.pairs.size < BATCH_MAX || batch.pairs.has(key)) batch.pairs.set(key, { a, b, counts });
      } else return;
      schedule();
    },

    /** The part of a `watch` this person may follow. */
    allowed: (viewerId: number, req: WatchRequest) => visibleWatch(db, viewerId, req),

    /** From realtime: which rooms have sockets on this node, and where a dropped batch is logged. */
    attach(to: { watched: (room: string) => boolean; log: Logger }) {
      watched = to.watched;
      log = to.log;
    },

    /** Stops the timer; a batch already being sent finishes. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await flushing;
    },
  };
}

export type LiveUpdates = ReturnType<typeof createLiveUpdates>;
