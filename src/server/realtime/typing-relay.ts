/**
 * NOTE: relays a participant's `typing` to the room's other participants (ADR 018). The client's `participants`
 * and `username` are never trusted: the audience and the name come from the database, cached per socket and room
 * for AUDIENCE_TTL_MS so a typing burst costs one query; the cache holds at most CACHED_ROOMS rooms (least
 * recently used go first), so a socket naming endless room ids cannot grow it. Malformed payloads, ids no room can
 * have (beyond PostgreSQL's integer) and non-participants are ignored silently (socket errors are silent).
 */
import { LRUCache } from 'lru-cache';
import { MAX_INT_ID } from '../../shared/schemas/fields.ts';

export type TypingAudience = (userId: number, roomId: number) => Promise<{ username: string; others: number[] } | null>;
export type TypingOut = { userIds: number[]; payload: { room_id: number; user_id: number; username: string; isTyping: boolean } };

const AUDIENCE_TTL_MS = 3000;
/** A person types in one or two rooms at a time; a few more cover quick switching. */
const CACHED_ROOMS = 8;
/** Bursts beyond this per socket and second are dropped (a client emits about one every 2 s while typing). */
const MAX_PER_SECOND = 10;

export function createTypingRelay(audienceOf: TypingAudience, userId: number) {
  const cache = new LRUCache<number, { audience: Awaited<ReturnType<TypingAudience>> }>({ max: CACHED_ROOMS, ttl: AUDIENCE_TTL_MS });
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
    let hit = cache.get(roomId as number);
    if (!hit) {
      hit = { audience: await audienceOf(userId, roomId as number) };
      cache.set(roomId as number, hit);
    }
    if (!hit.audience) return null;
    return {
      userIds: hit.audience.others,
      payload: { room_id: roomId as number, user_id: userId, username: hit.audience.username, isTyping },
    };
  };
}
