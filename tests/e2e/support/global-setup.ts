/**
 * NOTE: Playwright globalSetup. Starts one production server for the whole run and publishes its address in
 * SAVEPOINT_E2E_ORIGIN (workers inherit it; fixtures.ts reads it). The returned function is the teardown.
 */
import path from 'node:path';
import { startProductionServer } from './production-server.ts';

export const ORIGIN_ENV = 'SAVEPOINT_E2E_ORIGIN';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const logFile = path.resolve(import.meta.dirname, '../../../.tmp/e2e-server.log');
  const server = await startProductionServer({ logFile });
  process.env[ORIGIN_ENV] = server.origin;
  console.log(`e2e: production server ${server.origin} (pid ${server.pid}, log ${path.relative(process.cwd(), logFile)})`);
  return async () => {
    await server.stop();
  };
}
