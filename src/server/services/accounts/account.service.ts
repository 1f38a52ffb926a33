/**
 * NOTE: a member's own password and signed-in sessions (deletion and export live in their own services).
 * Rules for callers: pass the caller's ActiveSession; every session ends through `auth.endSessions`, so its
 * sockets drop at once. A password check is counted per account before it runs (a stolen signed-in browser
 * cannot guess the password at speed) and forgotten on success.
 */
import { and, eq } from 'drizzle-orm';
import type { AccountSession } from '../../../shared/account-types.ts';
import type { ChangePasswordInput } from '../../../shared/schemas/account.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { ActiveSession, SessionStore } from '../../auth/session-store.ts';
import { deviceAndBrowser } from '../../auth/user-agent.ts';
import { ServiceError } from '../../errors.ts';
import type { AuthService } from './auth.service.ts';
import type { ConfirmPassword } from './password-confirm.service.ts';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const SESSION_NOT_FOUND = 'Session not found';

export function createAccountService(deps: { db: Db; sessions: SessionStore; auth: AuthService; confirmPassword: ConfirmPassword }) {
  const { db, sessions, auth, confirmPassword } = deps;

  return {
    /** Checks the current password, stores the new one and ends every other session. Answers how many ended. */
    async changePassword(session: ActiveSession, input: ChangePasswordInput): Promise<number> {
      const confirmed = await confirmPassword(session.userId, input.current_password, WRONG_CURRENT_PASSWORD);
      // Only over the hash just confirmed: of two changes racing with the same current password, one wins and the
      // other finds that password no longer current.
      const changed = await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.new_password) })
        .where(and(eq(users.id, session.userId), eq(users.passwordHash, confirmed)))
        .returning({ id: users.id });
      if (changed.length === 0) throw new ServiceError(403, WRONG_CURRENT_PASSWORD);
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
