/**
 * NOTE: opens the one pg pool of a server instance: `DATABASE_URL` when given, otherwise the private
 * embedded cluster under DATA_DIR. Migrations run here, before anything serves requests.
 */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { startEmbeddedCluster, type EmbeddedCluster } from './embedded-cluster.ts';
import * as schema from './schema/index.ts';

/** `$client` is the pool itself, for the few hot statements that run as named pg statements. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Database = { db: Db; pool: pg.Pool; close(): Promise<void> };

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const EMBEDDED_DB = 'savepoint';

/** Any fixed number: the advisory lock that makes nodes starting together apply the migrations one at a time. */
const MIGRATION_LOCK = 7_402_519;

/**
 * Applies pending migrations while holding a session advisory lock, so nodes starting at the same moment take
 * turns: the first applies them, the others then find nothing left (without it, each would try to create the
 * same tables and all but one would fail to start).
 */
async function migrateOnce(pool: pg.Pool, db: Db): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
}

export async function openDatabase(opts: { databaseUrl: string | undefined; dataDir: string; log: Logger }): Promise<Database> {
  let cluster: EmbeddedCluster | undefined;
  let poolConfig: pg.PoolConfig;
  if (opts.databaseUrl) {
    poolConfig = { connectionString: opts.databaseUrl };
  } else {
    cluster = await startEmbeddedCluster(opts.dataDir, opts.log);
    const base = { host: cluster.socketDir, port: cluster.port, user: 'postgres' };
    await ensureDatabase({ ...base, database: 'postgres' }, EMBEDDED_DB);
    poolConfig = { ...base, database: EMBEDDED_DB };
  }
  const pool = new pg.Pool({ ...poolConfig, max: 10 });
  // The error object carries the whole client (connection settings included): log only what identifies the failure.
  pool.on('error', (err: Error & { code?: string }) =>
    opts.log.error({ code: err.code, message: err.message }, 'idle database client failed'),
  );
  try {
    const db = drizzle(pool, { schema });
    await migrateOnce(pool, db);
    return {
      db,
      pool,
      async close() {
        await endPool(pool);
        await cluster?.stop();
      },
    };
  } catch (err) {
    await endPool(pool).catch(() => {});
    await cluster?.stop();
    throw err;
  }
}

export async function ensureDatabase(admin: pg.ClientConfig, name: string): Promise<void> {
  const client = new pg.Client(admin);
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * pool.end() resolves before its clients' connections are closed; stopping the cluster right after made
 * postgres terminate them, sometimes logged as 'idle database client failed' on a clean shutdown.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on('remove', () => --open <= 0 && resolve());
    setTimeout(resolve, 5000).unref();
  });
  await pool.end();
  await closed;
}
