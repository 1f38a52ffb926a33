/**
 * NOTE: sessions live in PostgreSQL so every app node sees the same ones and logout revokes everywhere.
 * A session ends at the first of: its absolute expiry, IDLE_MS without use, or logout.
 * A sign-in makes its session with `createIfPasswordIs`, naming the hash it checked the password against: the
 * session is made only while that hash is still the account's, under a share lock on the user row, so a password
 * change (which updates that row, then ends the other sessions) either comes first and refuses it, or waits for it
 * and then ends it (ADR 027).
 */
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Role } from '../../shared/moderation-values.ts';
import type { Db } from '../db/client.ts';
import type { Executor } from '../db/transaction.ts';
import { sessions, users } from '../db/schema/index.ts';
import type { CachedSession, SessionCache } from './session-cache.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

export const ABSOLUTE_MS = 30 * 24 * 3600_000;
export const IDLE_MS = 7 * 24 * 3600_000;
const TOUCH_EVERY_MS = 10 * 60_000;

export type ActiveSession = {
  token: string;
  tokenHash: string;
  /** The id the sessions list shows; the token hash never leaves the server. */
  id: number;
  userId: number;
  /** Read with the session on every request, so a role granted or revoked by the CLI applies at once. */
  role: Role;
  username: string;
  email: string;
  expiresAt: Date;
};

/** Who a new session belongs to. */
type SessionUser = { id: number; username: string; email: string; role: Role };

/** What the sessions list shows of one session. */
export type SessionEntry = { id: number; tokenHash: string; userAgent: string; createdAt: Date; lastSeenAt: Date };
const USER_AGENT_MAX = 512;

const effectiveExpiry = (absolute: Date, lastSeen: Date) => new Date(Math.min(absolute.getTime(), lastSeen.getTime() + IDLE_MS));

/** A cached row answers only while it needs no touch and has not expired. */
const usable = (row: CachedSession, now: number) => now - row.lastSeenAt.getTime() <= TOUCH_EVERY_MS && row.expiresAt.getTime() > now;

// One session object per row read, so the many requests a cached row answers share it (and what is derived from it,
// such as verify's answer). Rows are never changed in place: a change is a new row.
const actives = new WeakMap<CachedSession, ActiveSession>();

function activeOf(token: string, tokenHash: string, row: CachedSession): ActiveSession {
  let active = actives.get(row);
  if (active === undefined) {
    const { id, userId, role, username, email } = row;
    active = { token, tokenHash, id, userId, role, username, email, expiresAt: effectiveExpiry(row.expiresAt, row.lastSeenAt) };
    actives.set(row, active);
  }
  return active;
}

/** `cache` is optional: without it (seed, tools) every lookup reads the database. */
export function createSessionStore(db: Db, cache?: SessionCache) {
  // Prepared once: every authenticated request runs it, and a named statement skips re-planning in PostgreSQL.
  const findLive = db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      role: users.role,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      username: users.username,
      email: users.email,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        // Suspension ends every session; this also refuses one that a crash between the two steps left behind.
        isNull(users.suspendedAt),
      ),
    )
    .limit(1)
    .prepare('find_live_session');

  async function insert(exec: Executor, user: SessionUser, userAgent: string): Promise<ActiveSession> {
    const token = newOpaqueToken();
    const tokenHash = hashToken(token);
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ABSOLUTE_MS);
    const [row] = await exec
      .insert(sessions)
      .values({ tokenHash, userId: user.id, createdAt: now, lastSeenAt: now, expiresAt, userAgent: userAgent.slice(0, USER_AGENT_MAX) })
      .returning({ id: sessions.id });
    return {
      token,
      tokenHash,
      id: row!.id,
      userId: user.id,
      role: user.role,
      username: user.username,
      email: user.email,
      expiresAt: effectiveExpiry(expiresAt, now),
    };
  }

  /**
   * The session from memory, without waiting: null for a token that cannot be one, undefined when the database
   * must decide (not cached, due a touch, or expired): then call `find`. `tokenHash`: the token's, when known.
   */
  function findCached(token: string, tokenHash = hashToken(token)): ActiveSession | null | undefined {
    if (token.length !== 43) return null;
    const row = cache?.get(tokenHash);
    return row && usable(row, Date.now()) ? activeOf(token, tokenHash, row) : undefined;
  }

  return {
    /** A session for an account that has just been made (no password to have changed since). */
    create: (user: SessionUser, userAgent = ''): Promise<ActiveSession> => insert(db, user, userAgent),

    /**
     * A session for a sign-in that checked the password against `passwordHash`; null when that is no longer the
     * account's hash (changed while the check ran) or the account is gone. The user row stays share-locked until
     * the session is committed, so a password change cannot commit in between and miss it.
     */
    createIfPasswordIs(user: SessionUser, passwordHash: string, userAgent = ''): Promise<ActiveSession | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, user.id), eq(users.passwordHash, passwordHash)))
          .for('share');
        return current ? insert(tx, user, userAgent) : null;
      });
    },

    findCached,

    /** The session, from memory when it can answer (`findCached`), else from the database (touched when due). */
    async find(token: string, tokenHash = hashToken(token)): Promise<ActiveSession | null> {
      const known = findCached(token, tokenHash);
      if (known !== undefined) return known;
      const now = new Date();
      const mark = cache?.mark() ?? 0;
      let [row] = await findLive.execute({ tokenHash, now, idleSince: new Date(now.getTime() - IDLE_MS) });
      if (!row) return null;
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        // No row touched: the session ended after it was read, so this request is signed out.
        const touched = await db
          .update(sessions)
          .set({ lastSeenAt: now })
          .where(eq(sessions.tokenHash, tokenHash))
          .returning({ id: sessions.id });
        if (touched.length === 0) return null;
        row = { ...row, lastSeenAt: now };
      }
      cache?.set(tokenHash, row, mark);
      return activeOf(token, tokenHash, row);
    },

    async revoke(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
      // The database tells every node (a trigger); this node forgets at once, and answers once it has heard the
      // announcement itself, so every other node has been sent it too.
      cache?.forget({ tokenHash });
      await cache?.settle();
    },

    /** A user's live sessions, most recently used first. */
    async listForUser(userId: number): Promise<SessionEntry[]> {
      const now = new Date();
      return db
        .select({
          id: sessions.id,
          tokenHash: sessions.tokenHash,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_MS))))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
    },

    /**
     * Ends a user's sessions: the one with `id`, or all but `exceptTokenHash`, or all. Returns the ended token
     * hashes so the caller can announce them (their sockets must go). Another user's session id ends nothing.
     */
    async revokeForUser(userId: number, which: { id?: number; exceptTokenHash?: string } = {}): Promise<string[]> {
      const gone = await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            which.id === undefined ? undefined : eq(sessions.id, which.id),
            which.exceptTokenHash === undefined ? undefined : ne(sessions.tokenHash, which.exceptTokenHash),
          ),
        )
        .returning({ tokenHash: sessions.tokenHash });
      for (const g of gone) cache?.forget({ tokenHash: g.tokenHash });
      if (gone.length > 0) await cache?.settle();
      return gone.map((g) => g.tokenHash);
    },

    async purgeExpired(): Promise<number> {
      const now = new Date();
      const gone = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, sql`${new Date(now.getTime() - IDLE_MS)}`)))
        .returning({ tokenHash: sessions.tokenHash });
      return gone.length;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
