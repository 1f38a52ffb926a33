/**
 * NOTE: a fresh database per test file, cloned from the migrated template that global-setup.ts built.
 * Call once per file (startTestServer does it for you); databases vanish with the cluster at teardown.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export type TestDatabase = { name: string; url: string; connect(): pg.Client; admin(): pg.Client };

export async function createTestDatabase(): Promise<TestDatabase> {
  const { socketDir, port, template } = inject('cluster');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ host: socketDir, port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  // A socket URL: no user@ part, because WHATWG URLs (and so our config's URL check) refuse credentials without a host.
  const url = `postgresql:///${name}?host=${encodeURIComponent(socketDir)}&port=${port}&user=postgres`;
  return {
    name,
    url,
    connect: () => new pg.Client({ host: socketDir, port, user: 'postgres', database: name }),
    /** A superuser connection to the cluster's `postgres` database, for doing things to this database. */
    admin: () => new pg.Client({ host: socketDir, port, user: 'postgres', database: 'postgres' }),
  };
}

/**
 * Waits until `count` sessions on this database wait for a lock: requests that reached rows an open transaction
 * holds. A race test calls it between the holder's change and its commit, so the race happens however slow the
 * host, instead of guessing how long the request takes to get there.
 */
export async function untilWaitingOnLock(database: TestDatabase, count = 1): Promise<void> {
  const client = database.connect();
  await client.connect();
  try {
    for (let i = 0; i < 2_000; i++) {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if (rows[0]!.n >= count) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`fewer than ${count} sessions ever waited on a lock`);
  } finally {
    await client.end();
  }
}
