/**
 * Two transactions that lock the same rows in opposite orders deadlock; PostgreSQL aborts one (40P01). The
 * transaction helper runs that one again, so both land and neither caller sees a 500 (resolving a report and
 * deleting the reported account do exactly this).
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema/index.ts';
import { transaction } from '../../src/server/db/transaction.ts';
import { createTestDatabase } from './support/database.ts';

let pool: pg.Pool;
beforeAll(async () => {
  const database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  await pool.query('create table counters (id int primary key, n int not null); insert into counters values (1, 0), (2, 0)');
});
afterAll(() => pool?.end());

it('runs a transaction aborted by a deadlock again, so both writers land once', async () => {
  const db = Object.assign(drizzle(pool, { schema }), { $generic: pool });
  let attempts = 0;
  let arrived = 0;
  let release!: () => void;
  const bothHoldOneRow = new Promise<void>((resolve) => (release = resolve));
  const bump = (first: number, second: number) =>
    transaction(db, async (tx) => {
      attempts += 1;
      await tx.execute(sql`update counters set n = n + 1 where id = ${first}`);
      // The first attempts wait for each other, so each holds the row the other wants next.
      if (++arrived === 2) release();
      await bothHoldOneRow;
      await tx.execute(sql`update counters set n = n + 1 where id = ${second}`);
    });
  await Promise.all([bump(1, 2), bump(2, 1)]);
  // At least one retry; both sides may be aborted when their deadlock checks run together on a loaded machine.
  expect(attempts).toBeGreaterThanOrEqual(3);
  const { rows } = await pool.query<{ id: number; n: number }>('select id, n from counters order by id');
  expect(rows).toEqual([
    { id: 1, n: 2 },
    { id: 2, n: 2 },
  ]);
});
