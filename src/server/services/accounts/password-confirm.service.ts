/**
 * NOTE: asking a signed-in person for their password again before a call that locks others out or cannot be
 * undone (changing the password, deleting the account). Wrong answers are counted per account, across those
 * calls, like sign-in attempts, so a borrowed browser cannot guess it: 5 misses in 15 minutes → 429 with
 * Retry-After; a right answer forgets the misses.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import type { RateLimiter } from '../../auth/rate-limiter.ts';
import { ServiceError } from '../../errors.ts';

export const PASSWORD_INCORRECT = 'Password is incorrect';
export const PASSWORD_CHECKS_MAX = 5;
const WINDOW_MS = 15 * 60_000;

export function createPasswordConfirm(deps: { db: Db; limiter: RateLimiter }) {
  const { db, limiter } = deps;
  /**
   * Resolves with the stored hash `password` matched (a change compares it when it writes, so two changes racing
   * cannot both pass); else 403 saying `wrong`, or 429 once too many were wrong.
   */
  return async function confirmPassword(userId: number, password: string, wrong = PASSWORD_INCORRECT): Promise<string> {
    const key = `password:user:${userId}`;
    const wait = await limiter.take([{ key, max: PASSWORD_CHECKS_MAX, windowMs: WINDOW_MS }]);
    if (wait > 0) {
      throw new ServiceError(429, 'Too many wrong passwords. Please try again later.', { 'Retry-After': String(wait) });
    }
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!user) throw new ServiceError(401, 'Not signed in');
    if (!(await verifyPassword(user.passwordHash, password))) throw new ServiceError(403, wrong);
    await limiter.clear([key]);
    return user.passwordHash;
  };
}

export type ConfirmPassword = ReturnType<typeof createPasswordConfirm>;
