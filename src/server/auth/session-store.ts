/**
 * NOTE: sessions live in PostgreSQL so every app node sees the same ones and logout revokes everywhere.
 * A session ends at the first of: its absolute expiry, IDLE_MS without use, or logout.
 */
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

export const ABSOLUTE_MS = 30 * 24 * 3600_000;
export const IDLE_MS = 7 * 24 * 3600_000;
const TOUCH_EVERY_MS = 10 * 60_000;

export type ActiveSession = {
  token: string;
  tokenHash: string;
  userId: number;
  username: string;
  email: string;
  expiresAt: Date;
};

const effectiveExpiry = (absolute: Date, lastSeen: Date) => new Date(Math.min(absolute.getTime(), lastSeen.getTime() + IDLE_MS));

export function createSessionStore(db: Db) {
  // Prepared once: every authenticated request runs it, and a named statement skips re-planning in PostgreSQL.
  const findLive = db
    .select({
      userId: sessions.userId,
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
      ),
    )
    .limit(1)
    .prepare('find_live_session');

  return {
    async create(user: { id: number; username: string; email: string }): Promise<ActiveSession> {
      const token = newOpaqueToken();
      const tokenHash = hashToken(token);
      const now = new Date();
      const expiresAt = new Date(now.getTime() + ABSOLUTE_MS);
      await db.insert(sessions).values({ tokenHash, userId: user.id, createdAt: now, lastSeenAt: now, expiresAt });
      return { token, tokenHash, userId: user.id, username: user.username, email: user.email, expiresAt: effectiveExpiry(expiresAt, now) };
    },

    async find(token: string): Promise<ActiveSession | null> {
      if (token.length !== 43) return null;
      const tokenHash = hashToken(token);
      const now = new Date();
      const [row] = await findLive.execute({ tokenHash, now, idleSince: new Date(now.getTime() - IDLE_MS) });
      if (!row) return null;
      let lastSeen = row.lastSeenAt;
      if (now.getTime() - lastSeen.getTime() > TOUCH_EVERY_MS) {
        lastSeen = now;
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
      }
      return {
        token,
        tokenHash,
        userId: row.userId,
        username: row.username,
        email: row.email,
        expiresAt: effectiveExpiry(row.expiresAt, lastSeen),
      };
    },

    async revoke(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
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
