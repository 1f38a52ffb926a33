/**
 * NOTE: the sites the capacity ramp runs against, all production servers (`src/server/main.ts`) on loopback with
 * TRUST_PROXY (see bench/people.ts): one node as shipped (embedded PostgreSQL, local disk, no Redis), or two nodes
 * sharing node A's embedded PostgreSQL (node B gets its unix socket as DATABASE_URL), one Debian `redis-server`
 * (tests/integration/support/redis.ts) and a SESSION_SECRET. Media stay on each node's local disk: the simulated
 * people read feeds and profiles (signed URLs) but never fetch the files, so nothing needs a shared store.
 * `stop()` stops node B before A (A holds the database), then Redis.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startProductionServer, type ProductionServer } from '../tests/e2e/support/production-server.ts';
import { startTestRedis } from '../tests/integration/support/redis.ts';

export type Site = {
  label: string;
  /** One origin per node; person i uses origins[i % origins.length]. */
  origins: string[];
  /** Node A's DATA_DIR: its embedded PostgreSQL (`<dataDir>/run`) holds the site's database. */
  dataDir: string;
  stop: () => Promise<void>;
};

const logLevel = () => process.env.BENCH_LOG_LEVEL ?? 'info';

export async function oneNode(logDir: string): Promise<Site> {
  const server = await startProductionServer({
    logFile: path.join(logDir, 'bench-ramp-server.log'),
    logLevel: logLevel(),
    env: { TRUST_PROXY: 'true' },
  });
  return { label: 'one node', origins: [server.origin], dataDir: server.dataDir, stop: server.stop };
}

export async function twoNodes(logDir: string): Promise<Site> {
  const redis = await startTestRedis();
  const shared = { TRUST_PROXY: 'true', REDIS_URL: redis.url, SESSION_SECRET: randomBytes(32).toString('hex') };
  const started: ProductionServer[] = [];
  const stop = async () => {
    for (const server of started.reverse()) await server.stop();
    await redis.stop();
  };
  try {
    const a = await startProductionServer({ logFile: path.join(logDir, 'bench-ramp-node-a.log'), logLevel: logLevel(), env: shared });
    started.push(a);
    const socketDir = encodeURIComponent(path.join(a.dataDir, 'run'));
    const b = await startProductionServer({
      logFile: path.join(logDir, 'bench-ramp-node-b.log'),
      logLevel: logLevel(),
      env: { ...shared, DATABASE_URL: `postgresql:///savepoint?host=${socketDir}&port=5432&user=postgres` },
    });
    started.push(b);
    return { label: 'two nodes + Redis', origins: [a.origin, b.origin], dataDir: a.dataDir, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
