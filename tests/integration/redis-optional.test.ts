/**
 * One node needs no Redis: without REDIS_URL a running server has not even loaded a Redis client or the adapter
 * (a fresh Node process records every module it resolves while a server starts, serves and stops).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { startTestRedis, type TestRedis } from './support/redis.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT = `
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';
const repo = pathToFileURL(process.cwd()).href;
const loaded = [];
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    // Relative to the repository, whose own folder name may say redis.
    const where = result.url.startsWith(repo) ? result.url.slice(repo.length) : result.url;
    if (/redis/i.test(where)) loaded.push(where);
    return result;
  },
});
const { loadConfig } = await import('./src/server/config.ts');
const { createLogger } = await import('./src/server/logger.ts');
const { startSavepoint } = await import('./src/server/savepoint-server.ts');
const config = loadConfig(process.env);
const server = await startSavepoint(config, createLogger('silent'));
const health = await fetch(server.origin + '/api/health');
await server.close();
console.log(JSON.stringify({ health: health.status, loaded }));
`;

let database: TestDatabase;
let redis: TestRedis;
beforeAll(async () => {
  [database, redis] = await Promise.all([createTestDatabase(), startTestRedis()]);
});
afterAll(() => redis?.stop());

async function modulesLoaded(env: Record<string, string>): Promise<{ health: number; loaded: string[] }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-noredis-'));
  try {
    const child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT], {
      cwd: REPO,
      env: { PATH: process.env.PATH, DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(0);
    return JSON.parse(output.trim().split('\n').at(-1)!) as { health: number; loaded: string[] };
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

describe('REDIS_URL is optional', () => {
  it('without it, a server starts, serves and stops without loading any Redis module', async () => {
    expect(await modulesLoaded({})).toEqual({ health: 200, loaded: [] });
  });

  it('with it, the same server loads the Redis client and the adapter (the check above can see them)', async () => {
    const { health, loaded } = await modulesLoaded({ REDIS_URL: redis.url });
    expect(health).toBe(200);
    expect(loaded.some((url) => url.includes('/node_modules/ioredis/'))).toBe(true);
    expect(loaded.some((url) => url.includes('/node_modules/@socket.io/redis-streams-adapter/'))).toBe(true);
  });
});
