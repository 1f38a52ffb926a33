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

/**
 * `$client` is the pool itself. `$generic` is a small second pool for hot named statements whose best plan does not
 * depend on their values: its sessions always run a statement's one generic plan. PostgreSQL otherwise keeps
 * re-planning a statement whose generic plan it estimates dearer than the custom ones (an `unnest` of array
 * parameters looks like 100 rows in a generic plan and the real count in a custom one), and the chat send's
 * planning cost more CPU than running it.
 */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool; $generic: pg.Pool };
/** `connection`: the settings the pool connects with, for the few that need a connection of their own (the job queue). */
export type Database = { db: Db; pool: pg.Pool; connection: pg.PoolConfig; close(): Promise<void> };

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const EMBEDDED_DB = 'savepoint';
/** Connections of the `$generic` pool: its one user, the chat send, keeps at most two statements in flight. */
const GENERIC_POOL_MAX = 2;

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
  // Kept open (no idle timeout): a new connection would have to parse and plan the send again.
  const generic = new pg.Pool({ ...poolConfig, max: GENERIC_POOL_MAX, idleTimeoutMillis: 0 });
  // A new connection runs this before anything it is given (a client's queries go out in the order they were asked).
  // A SET rather than a startup option: a proxy such as PgBouncer may refuse unknown startup options, and without
  // the setting the send is only slower.
  generic.on('connect', (client) => {
    client.query('set plan_cache_mode = force_generic_plan').catch((err: Error & { code?: string }) => {
      opts.log.warn({ code: err.code, message: err.message }, 'generic plans not set: the chat send will be planned each time');
    });
  });
  for (const p of [pool, generic]) {
    // The error object carries the whole client (connection settings included): log only what identifies the failure.
    p.on('error', (err: Error & { code?: string }) =>
      opts.log.error({ code: err.code, message: err.message }, 'idle database client failed'),
    );
  }
  const endPools = () => Promise.all([endPool(pool), endPool(generic)]);
  try {
    const db = Object.assign(drizzle(pool, { schema }), { $generic: generic });
    await migrateOnce(pool, db);
    return {
      db,
      pool,
      connection: poolConfig,
      async close() {
        await endPools();
        await cluster?.stop();
      },
    };
  } catch (err) {
    await endPools().catch(() => {});
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
