/**
 * NOTE: relays a participant's `typing` to the room's other participants (ADR 018). The client's `participants`
 * and `username` are never trusted: the audience and the name come from the database, cached per socket and room
 * for AUDIENCE_TTL_MS so a typing burst costs one query. Malformed payloads and non-participants are ignored
 * silently (spec §8: socket errors are silent).
 */
export type TypingAudience = (userId: number, roomId: number) => Promise<{ username: string; others: number[] } | null>;
export type TypingOut = { userIds: number[]; payload: { room_id: number; user_id: number; username: string; isTyping: boolean } };

const AUDIENCE_TTL_MS = 3000;
/** Bursts beyond this per socket and second are dropped (a client emits about one every 2 s while typing). */
const MAX_PER_SECOND = 10;

export function createTypingRelay(audienceOf: TypingAudience, userId: number) {
  const cache = new Map<number, { at: number; audience: Awaited<ReturnType<TypingAudience>> }>();
  let windowStart = 0;
  let inWindow = 0;

  return async function relay(raw: unknown): Promise<TypingOut | null> {
    const now = Date.now();
    if (now - windowStart >= 1000) [windowStart, inWindow] = [now, 0];
    if (++inWindow > MAX_PER_SECOND) return null;
    const { room_id: roomId, isTyping } = (raw ?? {}) as { room_id?: unknown; isTyping?: unknown };
    if (!Number.isSafeInteger(roomId) || (roomId as number) < 1 || typeof isTyping !== 'boolean') return null;
    let hit = cache.get(roomId as number);
    if (!hit || now - hit.at > AUDIENCE_TTL_MS) {
      hit = { at: now, audience: await audienceOf(userId, roomId as number) };
      cache.set(roomId as number, hit);
    }
    if (!hit.audience) return null;
    return {
      userIds: hit.audience.others,
      payload: { room_id: roomId as number, user_id: userId, username: hit.audience.username, isTyping },
    };
  };
}
