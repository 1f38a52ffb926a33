/**
 * Production entry: `npm start`. Parses config, starts one server instance on the built site, and shuts it
 * down (embedded PostgreSQL included) on SIGINT/SIGTERM. Logs are JSON lines; on a terminal the address to open
 * follows them in one plain line (start-banner.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createLogger, writePlainLine } from './logger.ts';
import { startSavepoint, type SavepointServer } from './savepoint-server.ts';
import { startBanner } from './start-banner.ts';

const builtSite = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
// `npm start` always builds first; a missing build (API-only runs, e.g. the crash test) serves no pages. SITE_DIR
// names another build (config.ts).
const siteDir = fs.existsSync(path.join(builtSite, 'server', 'entry.mjs')) ? builtSite : undefined;

let config: Config;
try {
  config = loadConfig(process.env, siteDir);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
if (config.siteDir && !fs.existsSync(path.join(config.siteDir, 'server', 'entry.mjs'))) {
  console.error(`SITE_DIR: ${config.siteDir} holds no built site (build one with \`npm run build -- --outDir <folder>\`)`);
  process.exit(1);
}
const log = createLogger(config.logLevel, undefined, { batch: true });
if (!config.siteDir) log.warn('dist/ has no built site: serving the API only (run `npm run build`)');

// Signals are handled from the start: one arriving during initdb or migrations waits for start-up to finish,
// then shuts down cleanly, instead of killing Node and leaving the (own process group) postgres running.
let server: SavepointServer | undefined;
let stopRequested: string | undefined;
const stop = (signal: string) => {
  if (stopRequested) return;
  stopRequested = signal;
  if (server) shutDown(server, signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

function shutDown(running: SavepointServer, signal: string) {
  log.info({ signal }, 'shutting down');
  // Past the grace period for requests, closing sockets, Redis, storage and the database gets 10 s more.
  const force = setTimeout(() => {
    log.error('shutdown took too long: exiting anyway');
    process.exit(1);
  }, config.shutdownGraceMs + 10_000);
  force.unref();
  const began = Date.now();
  running.close().then(
    () => {
      // An operator reading the log should see a clean stop, not just the signal.
      // Written synchronously by the log's exit hook (log-batches.ts), like every line still waiting.
      log.info({ ms: Date.now() - began }, 'stopped');
      process.exit(0);
    },
    (err: unknown) => {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
}

try {
  server = await startSavepoint(config, log);
  if (stopRequested) {
    shutDown(server, stopRequested);
  } else if (process.stdout.isTTY) {
    // The address to open, on the terminal after the log lines so far (through the log's stream, which batches them).
    writePlainLine(log, startBanner(config, server.port));
  }
} catch (err) {
  log.fatal({ err }, 'Savepoint failed to start');
  process.exit(1);
}
