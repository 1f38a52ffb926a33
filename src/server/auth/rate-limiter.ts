/**
 * NOTE: fixed-window attempt counters in PostgreSQL (shared by every node). `take` counts an attempt against
 * every key in one atomic statement *before* the expensive work, so parallel requests cannot all slip under a
 * limit (one round trip; the chat send counts text messages in its own statement, by `COUNT_ON_CONFLICT`);
 * `refund` gives an attempt back (a success that should not count), `clear` forgets a key.
 */
import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

export type Limit = { key: string; max: number; windowMs: number };

/**
 * How an insert of `(key, count, window_ends_at)` rows into `rate_limits as l` counts: a window that has ended
 * starts again with the new count, otherwise the count adds up. Shared with the chat send, which counts text
 * messages in its own statement.
 */
export const COUNT_ON_CONFLICT = `on conflict (key) do update set
  count = case when l.window_ends_at <= now() then excluded.count else l.count + excluded.count end,
  window_ends_at = case when l.window_ends_at <= now() then excluded.window_ends_at else l.window_ends_at end`;

/** Seconds until `windowEndsAt`, at least 1: a key over its max must never read as "go ahead", whatever the clocks say. */
export const secondsUntil = (windowEndsAt: Date, now = Date.now()) => Math.max(1, Math.ceil((windowEndsAt.getTime() - now) / 1000));

// Every write runs this: a named statement (parsed once per connection, no query building per request).
const TAKE_SQL = `
insert into rate_limits as l (key, count, window_ends_at)
select key, 1, ends from unnest($1::text[], $2::timestamptz[]) as t(key, ends)
${COUNT_ON_CONFLICT}
returning key, count, window_ends_at`;

export function createRateLimiter(db: Db) {
  return {
    /** Counts one attempt on each key; answers the seconds to wait when any key is now over its max, else 0. */
    async take(limits: Limit[]): Promise<number> {
      const now = Date.now();
      const keys = limits.map((l) => l.key);
      const ends = limits.map((l) => new Date(now + l.windowMs));
      const { rows } = await db.$client.query<{ key: string; count: number; window_ends_at: Date }>({
        name: 'rate_limit_take',
        text: TAKE_SQL,
        values: [keys, ends],
      });
      let wait = 0;
      for (const row of rows) {
        const limit = limits.find((l) => l.key === row.key);
        if (limit && row.count > limit.max) wait = Math.max(wait, secondsUntil(row.window_ends_at, now));
      }
      return wait;
    },

    async refund(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(inArray(rateLimits.key, keys));
    },

    async clear(keys: string[]): Promise<void> {
      await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
    },

    async purgeExpired(): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, new Date()));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
