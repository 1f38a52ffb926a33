/**
 * NOTE: per-person limits on every state-changing call (runs after identity, before the routes). Each write of
 * a signed-in person counts once in its bucket (auth/write-buckets.ts) in one upsert shared by every node; over the
 * limit → 429 with Retry-After. Streamed uploads (`isUpload`) also hold one of the person's upload slots for as
 * long as the route runs; the slot is freed however the route ends (success, refusal, failure, client gone).
 * One exception to "before": a text chat message is counted by its own send statement (`countedByWrite`), in the
 * same round trip and commit, and counted here after the route when it never reached that statement. Such a send
 * over the limit is refused only once its (≤ 64 kB) body is read and parsed, a cheap step; this node then
 * remembers the refusal, so a flood is turned away before its bodies are read.
 * Signed-out writes pass through: the routes answer 401, and sign-in and registration throttle by address.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import type { RateLimiter } from '../../auth/rate-limiter.ts';
import type { UploadSlots } from '../../auth/upload-slots.ts';
import { bucketOf, WRITE_BUCKETS, type CountedByWrite, type WriteLimits } from '../../auth/write-buckets.ts';
import { ServiceError } from '../../errors.ts';
import type { ApiEnv } from '../context.ts';
import { plural } from '../../../shared/plural.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What a refused upload is told to wait: uploads end at their own pace, so this is only a polite guess. */
const SLOT_RETRY_SECONDS = 10;
const MAX_REMEMBERED = 10_000;

const seconds = (n: number) => plural(n, 'second');
/** How long to wait, in words: seconds for a minute's window, whole minutes (rounded up) for longer ones. */
const waitWords = (n: number) => (n < 120 ? seconds(n) : plural(Math.ceil(n / 60), 'minute'));
const tooMany = (message: string, wait: number) => new ServiceError(429, message, { 'Retry-After': String(wait) });

export function writeLimits(deps: {
  limiter: RateLimiter;
  slots: UploadSlots;
  limits: WriteLimits;
  uploadConcurrency: number;
  isUpload: (c: Context<ApiEnv>) => boolean;
}): MiddlewareHandler<ApiEnv> {
  // Keys this node already saw over their limit, with when their window ends: a flood is refused here without a
  // database round trip. Only a shortcut (bounded, least recently used first out): the count lives in PostgreSQL.
  const blockedUntil = new LRUCache<string, number>({ max: MAX_REMEMBERED });

  return async (c, next) => {
    const session = c.var.identity.session;
    if (!session || SAFE_METHODS.has(c.req.method)) return next();
    const bucket = bucketOf(c.req.path);
    if (bucket === null) return next();
    const key = `write:${bucket}:${session.userId}`;
    const refuse = (wait: number) => tooMany(`Too many ${WRITE_BUCKETS[bucket].label}: try again in ${waitWords(wait)}.`, wait);

    const until = blockedUntil.get(key);
    if (until !== undefined) {
      const left = Math.ceil((until - Date.now()) / 1000);
      if (left > 0) throw refuse(left);
      blockedUntil.delete(key);
    }
    const limit = { key, max: deps.limits[bucket], windowMs: WRITE_BUCKETS[bucket].windowMs };
    const refuseFor = (wait: number) => {
      blockedUntil.set(key, Date.now() + wait * 1000);
      return refuse(wait);
    };
    if (bucket === 'messages' && !deps.isUpload(c)) {
      // A text message is counted by its own send statement (one round trip and commit for both). Refused before
      // it got there (invalid, empty), it is counted here afterwards; over the limit either way, the answer is 429.
      const counted: CountedByWrite = { ...limit, counted: false, wait: 0 };
      c.set('countedByWrite', counted);
      await next();
      const wait = counted.counted ? counted.wait : await deps.limiter.take([limit]);
      if (wait > 0) throw refuseFor(wait);
      return;
    }
    const count = deps.limiter.take([limit]);
    // An upload claims its slot in parallel with the count: the body waits unread meanwhile, so one round trip.
    const slot = deps.isUpload(c) ? deps.slots.acquire(session.userId) : null;
    const [wait, release] = await Promise.all([count, slot]).catch(async (err: unknown) => {
      await slot?.then((r) => r?.()).catch(() => {});
      throw err;
    });
    if (wait > 0) {
      await release?.();
      throw refuseFor(wait);
    }
    if (slot === null) return next();
    if (!release) {
      const n = deps.uploadConcurrency;
      throw tooMany(`You already have ${plural(n, 'upload')} in progress: wait for one to finish, then try again.`, SLOT_RETRY_SECONDS);
    }
    try {
      await next();
    } finally {
      await release();
    }
  };
}
