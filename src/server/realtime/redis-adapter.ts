/**
 * NOTE: the socket.io adapter that carries every emit and `disconnectSockets` to the sockets of every node,
 * through Redis streams (so connection-state recovery also works when a socket comes back on another node).
 * Loaded only when REDIS_URL is set: import it dynamically. Call `close()` after `io.close()` (which saves the
 * recovery sessions through it).
 *
 * Redis going away must never hold up or crash a node. The client the adapter publishes with has no offline
 * queue, so while Redis is unreachable a broadcast fails its Redis half at once and is still delivered to this
 * node's own sockets. The clients the adapter reads with are its duplicates and keep the offline queue: without
 * it their blocking read loop would spin. All of them reconnect on their own, and delivery across nodes resumes.
 */
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis, type RedisOptions } from 'ioredis';
import { once } from 'node:events';
import type { Logger } from '../logger.ts';

/** How long start-up waits for Redis before serving anyway (live events stay on this node until it answers). */
const FIRST_CONNECT_MS = 5_000;

export type RealtimeRedis = {
  adapter: ReturnType<typeof createAdapter>;
  /** Resolves when Redis answers a PING; fails at once while it is unreachable (no offline queue). */
  ping(): Promise<unknown>;
  close(): Promise<void>;
};

export async function connectRealtimeRedis(url: string, log: Logger): Promise<RealtimeRedis> {
  // Reconnect every 0.05-2 s forever: a node must come back by itself whenever Redis does.
  const common: RedisOptions = { retryStrategy: (times) => Math.min(times * 50, 2_000), connectionName: 'savepoint' };
  const publisher = new Redis(url, { ...common, enableOfflineQueue: false });
  const duplicates: Redis[] = [];
  publisher.duplicate = (override?: Partial<RedisOptions>) => {
    const copy = new Redis(url, { ...common, ...override, enableOfflineQueue: true });
    copy.on('error', () => {}); // reported once through the publisher below
    duplicates.push(copy);
    return copy;
  };
  // The adapter fires some commands without awaiting them (saving a recovery session on disconnect): while Redis is
  // away they fail, and an unhandled rejection would end the process. Callers that await still see the failure.
  const send = publisher.sendCommand.bind(publisher);
  publisher.sendCommand = (command, stream) => {
    command.promise?.catch(() => {});
    return send(command, stream);
  };

  let reachable = false;
  publisher.on('error', (err: Error) => {
    if (!reachable) return log.debug({ err: err.message }, 'Redis still unreachable');
    reachable = false;
    log.warn({ err: err.message }, 'Redis unreachable: live events reach only the sockets on this node until it returns');
  });
  publisher.on('ready', () => {
    reachable = true;
    log.info('Redis connected: live events reach the sockets on every node');
  });

  const adapter = createAdapter(publisher, { streamName: 'savepoint:socket.io', sessionKeyPrefix: 'savepoint:sio:session:' });
  const timeout = AbortSignal.timeout(FIRST_CONNECT_MS);
  const ready = (client: Redis) => (client.status === 'ready' ? Promise.resolve() : once(client, 'ready', { signal: timeout }));
  await Promise.all([publisher, ...duplicates].map(ready)).catch(() => {
    log.warn({ timeoutMs: FIRST_CONNECT_MS }, 'Redis did not answer at start-up: serving anyway, and connecting in the background');
  });

  return {
    adapter,
    ping: () => publisher.ping(),
    async close() {
      // Readers may sit in a blocking read for seconds: cut them; let the publisher finish what it sent.
      for (const copy of duplicates) copy.disconnect();
      if (publisher.status === 'ready') await publisher.quit().catch(() => {});
      publisher.disconnect();
    },
  };
}
