/**
 * `npm run admin -- grant <username> [admin|moderator]` and `npm run admin -- revoke <username>`: changes a
 * role in the configured database (DATABASE_URL, or the embedded cluster under DATA_DIR). Safe while the
 * server runs: the change is one transaction and applies to that person's next request.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { ServiceError } from '../errors.ts';
import { createLogger } from '../logger.ts';
import { setRole } from '../services/accounts/roles.service.ts';

const USAGE = 'Usage: npm run admin -- grant <username> [admin|moderator]\n       npm run admin -- revoke <username>';

function parse(args: string[]): { username: string; role: 'member' | 'moderator' | 'admin' } | null {
  const [command, username, role, ...rest] = args;
  if (!username || rest.length > 0) return null;
  if (command === 'grant' && (role === undefined || role === 'moderator' || role === 'admin')) {
    return { username, role: role ?? 'moderator' };
  }
  if (command === 'revoke' && role === undefined) return { username, role: 'member' };
  return null;
}

const wanted = parse(process.argv.slice(2));
if (!wanted) {
  console.error(USAGE);
  process.exit(2);
}
try {
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: createLogger('warn') });
  try {
    const change = await setRole(database.db, wanted.username, wanted.role);
    console.log(
      change.before === change.after
        ? `${change.username} is already ${change.after}.`
        : `${change.username}: ${change.before} → ${change.after}.`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof ServiceError ? err.message : err);
  process.exit(1);
}
