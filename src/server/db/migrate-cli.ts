/**
 * `npm run db:migrate`: applies the committed migrations to the configured database (DATABASE_URL, or the
 * embedded cluster under DATA_DIR) and exits. The server also migrates at start; this is for deploy steps.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { openDatabase } from './client.ts';

try {
  const config = loadConfig(process.env);
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  await database.close();
  console.log(`Migrations applied to ${config.databaseUrl ? 'DATABASE_URL' : `the embedded database in ${config.dataDir}`}.`);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
