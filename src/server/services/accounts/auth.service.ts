/**
 * NOTE: accounts and sign-in. Inputs are already validated by the shared schemas; this module enforces
 * uniqueness, password checks, throttling and the session lifecycle, and announces revocations on the bus.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { LoginInput, RegisterData } from '../../../shared/schemas/auth.ts';
import { toIsoDate } from '../../../shared/schemas/birthday.ts';
import type { Db } from '../../db/client.ts';
import { retiredUsernames, users } from '../../db/schema/index.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { Limit, RateLimiter } from '../../auth/rate-limiter.ts';
import type { ActiveSession, SessionStore } from '../../auth/session-store.ts';
import { ServiceError, conflict } from '../../errors.ts';
import type { EventBus } from '../event-bus.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const USERNAME_TAKEN = 'Username is already taken';
export const EMAIL_TAKEN = 'Email is already registered';
export const ACCOUNT_SUSPENDED = 'This account is suspended by the moderators. You cannot sign in until they lift it.';

const MINUTE = 60_000;
/** Per client address; generous for shared addresses (schools, cafés), but stops mass account creation. */
const REGISTRATIONS_PER_HOUR = 100;
const tooMany = (message: string, waitSeconds: number) => new ServiceError(429, message, { 'Retry-After': String(waitSeconds) });
/** Per account and address: strict. Per address: many accounts. Per account from anywhere (distributed guessing):
 * not applied to a browser that has signed in to this account before, so strangers cannot lock its owner out. */
function loginLimits(email: string, ip: string, trustedDevice: boolean): Limit[] {
  const account = email.toLowerCase();
  const limits = [
    { key: `login:acct-ip:${account}|${ip}`, max: 5, windowMs: 15 * MINUTE },
    { key: `login:ip:${ip}`, max: 50, windowMs: 15 * MINUTE },
  ];
  return trustedDevice ? limits : [...limits, { key: `login:acct:${account}`, max: 30, windowMs: 5 * MINUTE }];
}

export function createAuthService(deps: { db: Db; sessions: SessionStore; limiter: RateLimiter; bus: EventBus }) {
  const { db, sessions, limiter, bus } = deps;
  const byLowerEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

  return {
    async register(input: RegisterData, clientIp: string, userAgent = ''): Promise<ActiveSession> {
      const wait = await limiter.take([{ key: `register:ip:${clientIp}`, max: REGISTRATIONS_PER_HOUR, windowMs: 60 * MINUTE }]);
      if (wait > 0) throw tooMany('Too many new accounts from this address. Please try again later.', wait);
      // Uniqueness first: a taken name costs no password hash (the unique indexes still settle races below).
      const [taken] = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(sql`lower(${users.username}) = ${input.username.toLowerCase()} or lower(${users.email}) = ${input.email.toLowerCase()}`)
        .limit(1);
      if (taken)
        throw taken.username.toLowerCase() === input.username.toLowerCase()
          ? conflict(USERNAME_TAKEN).of('username')
          : conflict(EMAIL_TAKEN).of('email');
      // A deleted account's name stays reserved for a while, and reads as taken meanwhile.
      const [retired] = await db
        .select({ freeAt: retiredUsernames.freeAt })
        .from(retiredUsernames)
        .where(and(eq(retiredUsernames.usernameLower, input.username.toLowerCase()), gt(retiredUsernames.freeAt, new Date())))
        .limit(1);
      if (retired) throw conflict(USERNAME_TAKEN).of('username');
      const passwordHash = await hashPassword(input.password);
      try {
        const [user] = await db
          .insert(users)
          .values({ username: input.username, email: input.email, passwordHash, birthday: toIsoDate(input) })
          .returning();
        return await sessions.create(user!, userAgent);
      } catch (err) {
        const constraint =
          (err as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ??
          (err as { constraint?: string }).constraint;
        if (constraint === 'users_username_lower_key') throw conflict(USERNAME_TAKEN).of('username');
        if (constraint === 'users_email_lower_key') throw conflict(EMAIL_TAKEN).of('email');
        throw err;
      }
    },

    async login(input: LoginInput, clientIp: string, trustedDevice = false, userAgent = ''): Promise<ActiveSession> {
      const limits = loginLimits(input.email, clientIp, trustedDevice);
      const wait = await limiter.take(limits);
      if (wait > 0) throw tooMany('Too many sign-in attempts. Please try again later.', wait);
      const [user] = await db.select().from(users).where(byLowerEmail(input.email)).limit(1);
      const ok = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
      if (!user || !ok) throw new ServiceError(401, INVALID_CREDENTIALS);
      // Only failures count: a success forgets this browser's address and gives back the shared counters' attempt.
      const forgive = async () => {
        const [own, ...shared] = limits.map((l) => l.key);
        await limiter.clear([own!]);
        await limiter.refund(shared);
      };
      // Said only after the right password, so the state of an account is no one else's business.
      if (user.suspendedAt) {
        await forgive();
        throw new ServiceError(403, ACCOUNT_SUSPENDED);
      }
      // The password may have changed while it was checked (argon2 takes a while): then it is no longer the right
      // one, no session is made, and the attempt stays counted as the failure it now is (ADR 027).
      const session = await sessions.createIfPasswordIs(user, user.passwordHash, userAgent);
      if (!session) throw new ServiceError(401, INVALID_CREDENTIALS);
      await forgive();
      return session;
    },

    async logout(session: ActiveSession): Promise<void> {
      await sessions.revoke(session.tokenHash);
      bus.emit('session.revoked', { tokenHash: session.tokenHash });
    },

    /**
     * Ends a user's sessions (one by `id`, all but `exceptTokenHash`, or all) and drops their sockets at once.
     * Password change, session revocation, suspension and account deletion all end sessions through here.
     */
    async endSessions(userId: number, which: { id?: number; exceptTokenHash?: string } = {}): Promise<number> {
      const ended = await sessions.revokeForUser(userId, which);
      for (const tokenHash of ended) bus.emit('session.revoked', { tokenHash });
      return ended.length;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
