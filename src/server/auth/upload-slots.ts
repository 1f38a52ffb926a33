/**
 * NOTE: how many uploads one person may have in flight at once, across every node. A slot is a lease row in
 * `rate_limits` (`upload-slot:<user>:<n>`, n < cap) holding a random token and an expiry; the holder renews it
 * while the upload runs, so a node that dies mid-upload frees its slots within `LEASE_MS`. Rules for callers:
 * `acquire` answers a release function or null (all slots busy); call the release exactly once, whatever
 * happened (success, refusal, failure, the client going away): it stops the renewal and deletes the row.
 */
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

const LEASE_MS = 60_000;
const RENEW_MS = 20_000;
const LEASE = sql.raw(`now() + interval '${LEASE_MS / 1000} seconds'`);

/** `name` keeps other kinds of long work apart (e.g. 'export-slot': one data export per person at a time). */
export function createUploadSlots(db: Db, cap: number, name = 'upload-slot') {
  // One statement: pick the lowest slot that is free (absent or lapsed) and claim it unless a parallel claim got
  // there first; `candidate` null means every slot is busy, `claimed` null with a candidate means we lost a race.
  async function claim(userId: number, token: number): Promise<{ candidate: string | null; claimed: string | null }> {
    const prefix = `${name}:${userId}:`;
    const result = await db.execute<{ candidate: string | null; claimed: string | null }>(sql`
      with candidate as (
        select ${prefix}::text || n as key from generate_series(0, ${cap - 1}::int) as n
        where not exists (select 1 from ${rateLimits} r where r.key = ${prefix}::text || n and r.window_ends_at > now())
        order by n limit 1
      ), claimed as (
        insert into ${rateLimits} (key, count, window_ends_at) select key, ${token}::int, ${LEASE} from candidate
        on conflict (key) do update set count = excluded.count, window_ends_at = excluded.window_ends_at
          where ${rateLimits.windowEndsAt} <= now()
        returning key
      )
      select (select key from candidate) as candidate, (select key from claimed) as claimed`);
    return result.rows[0] ?? { candidate: null, claimed: null };
  }

  return {
    async acquire(userId: number): Promise<(() => Promise<void>) | null> {
      const token = randomInt(1, 2 ** 31 - 1);
      let key: string | null = null;
      // Each lost race means another request took a slot: at most `cap` tries before every slot is surely taken.
      for (let attempt = 0; attempt < cap && !key; attempt++) {
        const { candidate, claimed } = await claim(userId, token);
        if (!candidate) return null;
        key = claimed;
      }
      if (!key) return null;
      const mine = and(eq(rateLimits.key, key), eq(rateLimits.count, token));
      const renew = setInterval(() => {
        void db
          .update(rateLimits)
          .set({ windowEndsAt: LEASE })
          .where(mine)
          .catch(() => {});
      }, RENEW_MS);
      renew.unref();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        clearInterval(renew);
        // A failed delete only keeps the slot until its lease lapses.
        await db
          .delete(rateLimits)
          .where(mine)
          .catch(() => {});
      };
    },
  };
}

export type UploadSlots = ReturnType<typeof createUploadSlots>;
