/**
 * NOTE: the one plain line `npm start` prints when its output is a terminal, once the server listens: the address
 * to open. Logs stay JSON lines (for files, pipes and log collectors); this line is for the person who started it,
 * so main.ts prints it only when stdout is a TTY.
 */
import type { Config } from './config.ts';

/** Interfaces a browser on this machine reaches as `localhost` (the wildcards accept it too). */
const LOCAL_HOSTS = new Set(['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::']);

/** PUBLIC_URL when set (the address cookies and the socket's Origin check expect), else this machine's. */
function addressToOpen(config: Pick<Config, 'host' | 'publicUrl'>, port: number): string {
  if (config.publicUrl) return config.publicUrl.origin;
  const host = LOCAL_HOSTS.has(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${port}`;
}

export function startBanner(config: Pick<Config, 'host' | 'publicUrl'>, port: number): string {
  return `Savepoint is running at ${addressToOpen(config, port)} (Ctrl-C to stop)`;
}
