/**
 * NOTE: builds valid registration payloads (spec §7) with unique usernames and emails, so tests never
 * collide. Plain data only (no vitest, no HTTP): `npm run seed` reuses it. Override any field to test a rule.
 */
import { randomBytes } from 'node:crypto';
import type { RegisterInput } from '../../../shared/schemas/auth.ts';

export const DEFAULT_PASSWORD = 'press-start-2-play';

export type Registration = {
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  birthMonth: number;
  birthDay: number;
  birthYear: number;
};

let sequence = 0;

/** Short, unique across processes (random part) and within one (counter): fits the 30-character username. */
export function uniqueName(prefix = 'player'): string {
  sequence += 1;
  return `${prefix}_${randomBytes(4).toString('hex')}${sequence.toString(36)}`;
}

export function buildRegistration(overrides: Partial<Registration> = {}): Registration {
  const id = uniqueName();
  const username = overrides.username ?? id;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  return {
    email: `${id.toLowerCase()}@savepoint.test`,
    username,
    password,
    confirmPassword: password,
    birthMonth: 6,
    birthDay: 15,
    birthYear: 1995,
    ...overrides,
  } satisfies RegisterInput;
}

/** The sign-in payload matching a registration. */
export const credentialsOf = (r: Pick<Registration, 'email' | 'password'>) => ({ email: r.email, password: r.password });

/** What registration answers when each field is left out: the same texts from the form and the API. */
export const MISSING_FIELD_MESSAGES = [
  ['email', 'Email is required'],
  ['username', 'Username is required'],
  ['password', 'Password is required'],
  ['confirmPassword', 'Please confirm your password'],
  ['birthMonth', 'Birth month is required'],
  ['birthDay', 'Birth day is required'],
  ['birthYear', 'Birth year is required'],
] as const satisfies readonly (readonly [keyof Registration, string])[];
