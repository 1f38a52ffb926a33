/**
 * NOTE: an in-process cache of live sessions (with their user's role, name and email), so most requests resolve
 * who is asking without a database round trip. Correctness rules:
 * - The database announces every change that matters (a session updated or deleted; a user's role, name, email or
 *   suspension changed, or the user deleted) on SESSION_CHANNEL, from triggers (migration 0007), at commit — so
 *   the app, the admin CLI and hand-written SQL alike reach every node that shares the database, Redis or not.
 * - Announcements reach listeners asynchronously: code on this node that ends a session calls `forget`, then
 *   `settle`, before it answers. `settle` waits (at most SETTLE_MS, then warns) until this node's own listener has
 *   heard everything committed so far: PostgreSQL signals every listener at the same commit, so by the time the
 *   person sees the answer every listening node has been sent the change, not merely promised it.
 * - While this node's listening connection is down the cache is bypassed, and it is emptied when it returns, so a
 *   change it could not hear about is never served from memory. Entries also live at most TTL_MS.
 * - A row read from the database may be ended before it is stored here (its announcement heard in between, when
 *   there was nothing to forget yet): take `mark()` before the read and pass it to `set`, which keeps the row only
 *   if nothing was forgotten (and listening did not stop or start) since. A skipped row is simply read again.
 */
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Role } from '../../shared/moderation-values.ts';
import type { Logger } from '../logger.ts';

export const SESSION_CHANNEL = 'savepoint_sessions';
/** The listening connection's application_name, so operators (and tests) can tell it in pg_stat_activity. */
export const LISTENER_NAME = 'savepoint session listener';
const TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;
const RECONNECT_MS = 1_000;
const SETTLE_MS = 1_000;

/** A session row as the store read it, keyed by token hash. */
export type CachedSession = { id: number; userId: number; role: Role; username: string; email: string; lastSeenAt: Date; expiresAt: Date };

export type SessionChange = { tokenHash: string } | { userId: number };

export type SessionCache = ReturnType<typeof createSessionCache>;

/** Resolves once the listener has heard every announcement committed before it was called. */
type Barrier = () => Promise<unknown>;

export function createSessionCache(log?: Logger) {
  const entries = new LRUCache<string, CachedSession>({ max: MAX_ENTRIES, ttl: TTL_MS });
  let listening = false;
  let barrier: Barrier | undefined;
  /** Counts forgets and listening changes: a row read before one of them may be stale. */
  let changes = 0;
  return {
    get: (tokenHash: string) => (listening ? entries.get(tokenHash) : undefined),
    /** Take before reading a row that may be `set`. */
    mark: () => changes,
    /** Keeps `row` only if nothing was forgotten since `mark` was taken (it might be what was forgotten). */
    set(tokenHash: string, row: CachedSession, mark: number) {
      if (listening && mark === changes) entries.set(tokenHash, row);
    },
    forget(change: SessionChange) {
      changes++;
      if ('tokenHash' in change) return void entries.delete(change.tokenHash);
      // Rare (role change, suspension): a scan beats keeping a second index in step.
      for (const [key, row] of entries.entries()) if (row.userId === change.userId) entries.delete(key);
    },
    /**
     * Call after a committed change that ends sessions or changes a user, before answering: waits until this
     * node's listener has heard it (so every listener has been sent it), at most SETTLE_MS, then answers anyway.
     */
    async settle(): Promise<void> {
      if (!barrier) return; // not listening: this node serves nothing from memory, and cannot tell about others
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), SETTLE_MS)));
      const heard = barrier().then(
        () => 'heard' as const,
        () => 'lost' as const,
      );
      const outcome = await Promise.race([heard, late]);
      clearTimeout(timer);
      if (outcome !== 'heard') log?.warn({ outcome }, 'session change not heard back from the database in time; answering anyway');
    },
    /** Heard from the listener: the cache may serve only while it hears every announcement. */
    setListening(on: boolean, settleBarrier?: Barrier) {
      changes++;
      listening = on;
      barrier = on ? settleBarrier : undefined;
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
 * Another in-process cache fed by the same connection (the feed cache): told what it hears on its channel, and when
 * listening starts or stops. The session cache's `settle` covers it too: one connection, one commit order.
 */
export type AlsoListening = { channel: string; heard(payload: string): void; setListening(on: boolean): void };

/**
 * Keeps one connection of the server's pool LISTENing for announcements (so every connection of a node still comes
 * from its one pool, within its cap); reconnects every second while it is down (the cache is bypassed meanwhile).
 * Answers a function that stops it and gives the connection back.
 */
export async function listenForSessionChanges(
  pool: pg.Pool,
  cache: SessionCache,
  log: Logger,
  also?: AlsoListening,
): Promise<() => Promise<void>> {
  let client: pg.PoolClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const setListening: SessionCache['setListening'] = (on, barrier) => {
    cache.setListening(on, barrier);
    also?.setListening(on);
  };
  const onNotice = (msg: pg.Notification) => {
    const payload = msg.payload ?? '';
    if (also && msg.channel === also.channel) return also.heard(payload);
    if (payload.startsWith('t:')) cache.forget({ tokenHash: payload.slice(2) });
    else if (payload.startsWith('u:')) cache.forget({ userId: Number(payload.slice(2)) });
  };
  // A listening connection is never handed to other work: it goes back destroyed, never idle.
  const discard = (c: pg.PoolClient) => {
    c.removeAllListeners('notification');
    c.removeAllListeners('error');
    c.removeAllListeners('end');
    c.on('error', () => {});
    try {
      c.release(true);
    } catch {
      // already released
    }
  };
  const lost = (c: pg.PoolClient) => {
    if (client !== c) return;
    client = undefined;
    const was = cache.listening;
    setListening(false);
    discard(c);
    if (!stopped) {
      if (was) log.warn('session announcements unavailable: sessions are read from the database until they return');
      retry = setTimeout(() => void connect(), RECONNECT_MS);
    }
  };
  const connect = async () => {
    let c: pg.PoolClient;
    try {
      c = await pool.connect();
    } catch {
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
      return;
    }
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      client = c;
      await c.query(`set application_name = '${LISTENER_NAME}'`);
      c.on('notification', onNotice);
      await c.query(`listen ${SESSION_CHANNEL}`);
      if (also) await c.query(`listen ${also.channel}`);
      if (stopped || client !== c) return discard(c);
      // A notification sent on the listening connection itself is delivered to it at its commit, after every
      // announcement committed earlier (PostgreSQL keeps commit order) and before the query answers: a barrier.
      setListening(true, () => c.query(`select pg_notify('${SESSION_CHANNEL}', 'settle')`));
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
    setListening(false);
    if (c) discard(c);
  };
}
