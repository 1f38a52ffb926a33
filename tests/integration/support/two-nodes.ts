/**
 * NOTE: two Savepoint nodes in this process on one database and one real Redis (REDIS_URL, the same
 * SESSION_SECRET), as a multi-node site is deployed; started before the file's tests and stopped after them.
 * Read `a`, `b` and `redis` inside tests only.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startTestRedis, type TestRedis } from './redis.ts';
import { startTestServer, type TestServer } from './server.ts';

export function useTwoNodes(): { readonly a: TestServer; readonly b: TestServer; readonly redis: TestRedis } {
  let site: { a: TestServer; b: TestServer; redis: TestRedis } | undefined;
  let started: Partial<{ a: TestServer; b: TestServer; redis: TestRedis }> = {};
  beforeAll(async () => {
    started = {};
    started.redis = await startTestRedis();
    const env = { REDIS_URL: started.redis.url, SESSION_SECRET: randomBytes(32).toString('hex') };
    started.a = await startTestServer(env);
    started.b = await startTestServer(env, undefined, started.a.database);
    site = started as typeof site;
  });
  afterAll(async () => {
    await started.a?.stop();
    await started.b?.stop();
    await started.redis?.stop();
  });
  const get = () => {
    if (!site) throw new Error('useTwoNodes(): the nodes are only available inside tests');
    return site;
  };
  return {
    get a() {
      return get().a;
    },
    get b() {
      return get().b;
    },
    get redis() {
      return get().redis;
    },
  };
}
