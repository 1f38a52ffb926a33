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
