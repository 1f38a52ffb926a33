/**
 * NOTE: an in-process cache of live sessions (with their user's role, name and email), so most requests resolve
 * who is asking without a database round trip. Correctness rules:
 * - The database announces every change that matters (a session updated or deleted; a user's role, name, email or
 *   suspension changed, or the user deleted) on SESSION_CHANNEL, from triggers (migration 0007), at commit — so
 *   the app, the admin CLI and hand-written SQL alike reach every node that shares the database, Redis or not.
 * - Announcements reach listeners asynchronously: code on this node that ends a session also calls `forget` before
 *   it answers, so the node that made the change never serves it stale.
 * - While this node's listening connection is down the cache is bypassed, and it is emptied when it returns, so a
 *   change it could not hear about is never served from memory. Entries also live at most TTL_MS.
 */
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Role } from '../../shared/schemas/moderation.ts';
import type { Logger } from '../logger.ts';

export const SESSION_CHANNEL = 'savepoint_sessions';
const TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;
const RECONNECT_MS = 1_000;

/** A session row as the store read it, keyed by token hash. */
export type CachedSession = { id: number; userId: number; role: Role; username: string; email: string; lastSeenAt: Date; expiresAt: Date };

export type SessionChange = { tokenHash: string } | { userId: number };

export type SessionCache = ReturnType<typeof createSessionCache>;

export function createSessionCache() {
  const entries = new LRUCache<string, CachedSession>({ max: MAX_ENTRIES, ttl: TTL_MS });
  let listening = false;
  return {
    get: (tokenHash: string) => (listening ? entries.get(tokenHash) : undefined),
    set(tokenHash: string, row: CachedSession) {
      if (listening) entries.set(tokenHash, row);
    },
    forget(change: SessionChange) {
      if ('tokenHash' in change) return void entries.delete(change.tokenHash);
      // Rare (role change, suspension): a scan beats keeping a second index in step.
      for (const [key, row] of entries.entries()) if (row.userId === change.userId) entries.delete(key);
    },
    /** Heard from the listener: the cache may serve only while it hears every announcement. */
    setListening(on: boolean) {
      listening = on;
      entries.clear();
    },
    get listening() {
      return listening;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Keeps one dedicated connection LISTENing for announcements; reconnects every second while it is down (the cache
 * is bypassed meanwhile). Answers a function that stops it.
 */
export async function listenForSessionChanges(config: pg.ClientConfig, cache: SessionCache, log: Logger): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const onNotice = (msg: pg.Notification) => {
    const payload = msg.payload ?? '';
    if (payload.startsWith('t:')) cache.forget({ tokenHash: payload.slice(2) });
    else if (payload.startsWith('u:')) cache.forget({ userId: Number(payload.slice(2)) });
  };
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    const was = cache.listening;
    cache.setListening(false);
    c.removeAllListeners('notification');
    void c.end().catch(() => {});
    if (!stopped) {
      if (was) log.warn('session announcements unavailable: sessions are read from the database until they return');
      retry = setTimeout(() => void connect(), RECONNECT_MS);
    }
  };
  const connect = async () => {
    const c = new pg.Client(config);
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      client = c;
      await c.connect();
      c.on('notification', onNotice);
      await c.query(`listen ${SESSION_CHANNEL}`);
      if (stopped || client !== c) return void c.end().catch(() => {});
      cache.setListening(true);
    } catch {
      lost(c);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    cache.setListening(false);
    await c?.end().catch(() => {});
  };
}
