/**
 * NOTE: one real Savepoint server per test file: its own database (cloned from the template), its own temp
 * DATA_DIR, 127.0.0.1 on a free port, silent logs. Call `useTestServer()` at the top of a file; it starts in
 * beforeAll and stops in afterAll, and its getters are valid inside tests only.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { createLogger } from '../../../src/server/logger.ts';
import type { BackendHooks } from '../../../src/server/backend.ts';
import { startSavepoint, type SavepointServer } from '../../../src/server/savepoint-server.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { ApiClient, newVisitor } from './http-client.ts';

export type TestServer = { server: SavepointServer; database: TestDatabase; origin: string; dataDir: string; stop(): Promise<void> };

/**
 * `siteDir`: a built site (dist/) to serve pages and static files from; the API alone without it. `database`: one
 * another server already uses (several nodes of one site); a fresh one without it.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  siteDir?: string,
  database?: TestDatabase,
  hooks: BackendHooks = {},
): Promise<TestServer> {
  database ??= await createTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-srv-'));
  const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env }, siteDir);
  const server = await startSavepoint(config, createLogger(config.logLevel), hooks);
  return {
    server,
    database,
    origin: server.origin,
    dataDir,
    async stop() {
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `hooks.jobClock`: a pg-boss TestClock the test moves by hand (timed jobs). */
export function useTestServer(env: Record<string, string> = {}, hooks: BackendHooks = {}) {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(env, undefined, undefined, hooks);
  });
  afterAll(async () => {
    await current?.stop();
  });
  const get = () => {
    if (!current) throw new Error('useTestServer(): the server is only available inside tests');
    return current;
  };
  return {
    get server() {
      return get().server;
    },
    get origin() {
      return get().origin;
    },
    get database() {
      return get().database;
    },
    get dataDir() {
      return get().dataDir;
    },
    /** A client with no cookies at all (a first request). */
    client: () => new ApiClient(get().origin),
    /** A client holding its visitor csrf_token, ready for login/register. */
    visitor: () => newVisitor(get().origin),
  };
}
