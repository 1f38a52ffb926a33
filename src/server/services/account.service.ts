/**
 * NOTE: a member's own password and signed-in sessions (deletion and export live in their own services).
 * Rules for callers: pass the caller's ActiveSession; every session ends through `auth.endSessions`, so its
 * sockets drop at once. A password check is counted per account before it runs (a stolen signed-in browser
 * cannot guess the password at speed) and forgotten on success.
 */
import { eq } from 'drizzle-orm';
import type { AccountSession } from '../../shared/account-types.ts';
import type { ChangePasswordInput } from '../../shared/schemas/account.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { RateLimiter } from '../auth/rate-limiter.ts';
import type { ActiveSession, SessionStore } from '../auth/session-store.ts';
import { deviceAndBrowser } from '../auth/user-agent.ts';
import { ServiceError } from '../errors.ts';
import type { AuthService } from './auth.service.ts';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const SESSION_NOT_FOUND = 'Session not found';
/** Wrong current passwords allowed per account in the window; the next try waits for the window's end. */
export const PASSWORD_CHECKS_MAX = 5;
const PASSWORD_CHECKS_WINDOW_MS = 15 * 60_000;

export function createAccountService(deps: { db: Db; sessions: SessionStore; limiter: RateLimiter; auth: AuthService }) {
  const { db, sessions, limiter, auth } = deps;

  return {
    /** Checks the current password, stores the new one and ends every other session. Answers how many ended. */
    async changePassword(session: ActiveSession, input: ChangePasswordInput): Promise<number> {
      const key = `password:acct:${session.userId}`;
      const wait = await limiter.take([{ key, max: PASSWORD_CHECKS_MAX, windowMs: PASSWORD_CHECKS_WINDOW_MS }]);
      if (wait > 0) throw new ServiceError(429, 'Too many password attempts. Please try again later.', { 'Retry-After': String(wait) });
      const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, session.userId)).limit(1);
      if (!user || !(await verifyPassword(user.passwordHash, input.current_password))) throw new ServiceError(403, WRONG_CURRENT_PASSWORD);
      await limiter.clear([key]);
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.new_password) })
        .where(eq(users.id, session.userId));
      // After the new hash is stored: a session that outlived this call would keep whoever knew the old password in.
      return auth.endSessions(session.userId, { exceptTokenHash: session.tokenHash });
    },

    async listSessions(session: ActiveSession): Promise<AccountSession[]> {
      const list = await sessions.listForUser(session.userId);
      return list.map((s) => ({
        id: s.id,
        ...deviceAndBrowser(s.userAgent),
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
        current: s.tokenHash === session.tokenHash,
      }));
    },

    /** Ends one of the caller's sessions (their current one too: that is signing out). Someone else's id is a 404. */
    async endSession(session: ActiveSession, id: number): Promise<void> {
      const ended = await auth.endSessions(session.userId, { id });
      if (ended === 0) throw new ServiceError(404, SESSION_NOT_FOUND);
    },

    /** Ends every session of the caller but this one; answers how many ended. */
    endOtherSessions(session: ActiveSession): Promise<number> {
      return auth.endSessions(session.userId, { exceptTokenHash: session.tokenHash });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
