/**
 * NOTE: Playwright globalSetup. Starts one production server for the whole run and publishes its address in
 * SAVEPOINT_E2E_ORIGIN (workers inherit it; fixtures.ts reads it) and its DATA_DIR in SAVEPOINT_E2E_DATA_DIR (for
 * the admin CLI, see roles.ts). The returned function is the teardown.
 */
import path from 'node:path';
import { startProductionServer } from './production-server.ts';

export const ORIGIN_ENV = 'SAVEPOINT_E2E_ORIGIN';
/** The server's DATA_DIR, for journeys that act on its database as an operator would (the admin CLI). */
export const DATA_DIR_ENV = 'SAVEPOINT_E2E_DATA_DIR';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const logFile = path.resolve(import.meta.dirname, '../../../.tmp/e2e-server.log');
  // TRUST_PROXY: registerViaApi gives each account its own client address (X-Forwarded-For), so a full run's
  // hundreds of sign-ups stay under the per-address registration limit, which the journeys do not test.
  const server = await startProductionServer({ logFile, env: { TRUST_PROXY: 'true' } });
  process.env[ORIGIN_ENV] = server.origin;
  process.env[DATA_DIR_ENV] = server.dataDir;
  console.log(`e2e: production server ${server.origin} (pid ${server.pid}, log ${path.relative(process.cwd(), logFile)})`);
  return async () => {
    await server.stop();
  };
}
