/**
 * NOTE: relays a participant's `typing` to the room's other participants (ADR 018). The client's `participants`
 * and `username` are never trusted: the audience and the name come from the database, cached per socket and room
 * for AUDIENCE_TTL_MS so a typing burst costs one query; the cache holds at most CACHED_ROOMS rooms (least
 * recently used go first), so a socket naming endless room ids cannot grow it. Malformed payloads, ids no room can
 * have (beyond PostgreSQL's integer) and non-participants are ignored silently (socket errors are silent).
 * The audience depends on blocks (none across a block in a 1-on-1, ADR 021): a cached one is used only while
 * `blockVersion()` answers what it answered before the audience was read, so a block or unblock counts from the
 * next event; while it answers null (changes may go unheard) nothing is cached.
 */
import { LRUCache } from 'lru-cache';
import { MAX_INT_ID } from '../../shared/schemas/fields.ts';

/** `others` by id; for a channel, `community`: its members hear it (but the typist's own sockets). */
export type TypingAudience = (
  userId: number,
  roomId: number,
) => Promise<{ username: string; others: number[]; community: number | null } | null>;
/** Changes whenever a block is made or lifted anywhere; null when that cannot be known (services/social/block-changes). */
export type BlockVersion = () => number | null;
export type TypingOut = {
  userIds: number[];
  community: number | null;
  payload: { room_id: number; user_id: number; username: string; isTyping: boolean };
};

const AUDIENCE_TTL_MS = 3000;
/** A person types in one or two rooms at a time; a few more cover quick switching. */
const CACHED_ROOMS = 8;
/** Bursts beyond this per socket and second are dropped (a client emits about one every 2 s while typing). */
const MAX_PER_SECOND = 10;

export function createTypingRelay(audienceOf: TypingAudience, userId: number, blockVersion: BlockVersion) {
  const cache = new LRUCache<number, { audience: Awaited<ReturnType<TypingAudience>>; version: number }>({
    max: CACHED_ROOMS,
    ttl: AUDIENCE_TTL_MS,
  });
  let windowStart = 0;
  let inWindow = 0;

  return async function relay(raw: unknown): Promise<TypingOut | null> {
    const now = Date.now();
    if (now - windowStart >= 1000) [windowStart, inWindow] = [now, 0];
    if (++inWindow > MAX_PER_SECOND) return null;
    const { room_id: roomId, isTyping } = (raw ?? {}) as { room_id?: unknown; isTyping?: unknown };
    if (!Number.isSafeInteger(roomId) || (roomId as number) < 1 || (roomId as number) > MAX_INT_ID || typeof isTyping !== 'boolean') {
      return null;
    }
    // Read before the audience: a block announced while it loads leaves the entry stale for the next event.
    const version = blockVersion();
    const hit = version === null ? undefined : cache.get(roomId as number);
    let audience = hit?.version === version ? hit.audience : undefined;
    if (audience === undefined) {
      audience = await audienceOf(userId, roomId as number);
      if (version !== null) cache.set(roomId as number, { audience, version });
    }
    if (!audience) return null;
    return {
      userIds: audience.others,
      community: audience.community,
      payload: { room_id: roomId as number, user_id: userId, username: audience.username, isTyping },
    };
  };
}
