/**
 * NOTE: giving a test account a moderation role the way an operator would: the real admin CLI
 * (`npm run admin -- grant …`) against the running e2e server's DATA_DIR, which borrows its embedded PostgreSQL.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { DATA_DIR_ENV } from './global-setup.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

export async function grantRole(username: string, role: 'moderator' | 'admin' = 'moderator'): Promise<void> {
  const dataDir = process.env[DATA_DIR_ENV];
  if (!dataDir) throw new Error(`${DATA_DIR_ENV} is not set: run the journeys with \`npm run test:e2e\``);
  const { DATABASE_URL: _db, ...env } = process.env;
  // process.execPath is the pinned Node the npm scripts run (the CLI's `npm run admin` is this same command).
  await run(process.execPath, ['src/server/cli/admin-cli.ts', 'grant', username, role], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
}
