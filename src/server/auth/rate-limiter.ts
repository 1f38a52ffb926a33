/**
 * NOTE: fixed-window failure counters in PostgreSQL (shared by every node). Callers `check` before doing
 * expensive work and `fail` after a failure; `clear` forgets a key after a success.
 */
import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

export type Limit = { key: string; max: number; windowMs: number };

export function createRateLimiter(db: Db) {
  return {
    /** Seconds until the caller may try again, or 0 when no limit is reached. */
    async retryAfter(limits: Limit[]): Promise<number> {
      const rows = await db
        .select()
        .from(rateLimits)
        .where(
          inArray(
            rateLimits.key,
            limits.map((l) => l.key),
          ),
        );
      const now = Date.now();
      let wait = 0;
      for (const row of rows) {
        const limit = limits.find((l) => l.key === row.key);
        if (limit && row.count >= limit.max && row.windowEndsAt.getTime() > now) {
          wait = Math.max(wait, Math.ceil((row.windowEndsAt.getTime() - now) / 1000));
        }
      }
      return wait;
    },

    async fail(limits: Limit[]): Promise<void> {
      for (const { key, windowMs } of limits) {
        const ends = new Date(Date.now() + windowMs);
        await db
          .insert(rateLimits)
          .values({ key, count: 1, windowEndsAt: ends })
          .onConflictDoUpdate({
            target: rateLimits.key,
            set: {
              count: sql`case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
              windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= now() then ${ends} else ${rateLimits.windowEndsAt} end`,
            },
          });
      }
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
