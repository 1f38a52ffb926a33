/**
 * NOTE: the sign-in and registration shapes, used by the forms (before sending) and by the API (on receipt).
 * Messages are user-facing and name the field. The cross-field rules (matching passwords, a real and old
 * enough birthday) are partial checks: each runs as soon as its own fields are valid, so a form can show every
 * problem at once (`issuesByField`) while the API answers the first.
 */
import * as v from 'valibot';
import { birthYearRange, isOldEnough, isRealDate } from './birthday.ts';
import {
  MIN_AGE_YEARS,
  PASSWORD_MAX,
  emailField,
  newPasswordField,
  plainText,
  requiredObject,
  usernameField,
  wholeNumberField,
} from './fields.ts';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export const loginSchema = requiredObject({
  email: emailField,
  password: v.pipe(
    v.string('Password is required'),
    v.nonEmpty('Password is required'),
    v.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    plainText('Password'),
  ),
});
export type LoginInput = v.InferInput<typeof loginSchema>;

const BIRTHDAY_PATHS = [['birthMonth'], ['birthDay'], ['birthYear']] as const;

export const registerSchema = v.pipe(
  requiredObject({
    email: emailField,
    username: usernameField,
    password: newPasswordField,
    confirmPassword: v.pipe(v.string('Please confirm your password'), plainText('Password confirmation')),
    birthMonth: v.pipe(
      wholeNumberField('Birth month'),
      v.minValue(1, 'Birth month must be 1-12'),
      v.maxValue(12, 'Birth month must be 1-12'),
    ),
    birthDay: v.pipe(wholeNumberField('Birth day'), v.minValue(1, 'Birth day must be 1-31'), v.maxValue(31, 'Birth day must be 1-31')),
    birthYear: v.pipe(
      wholeNumberField('Birth year'),
      v.check((y) => {
        const { first, last } = birthYearRange();
        return y >= first && y <= last;
      }, 'Birth year is out of range'),
    ),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, PASSWORDS_DO_NOT_MATCH),
    ['confirmPassword'],
  ),
  v.forward(
    v.partialCheck(BIRTHDAY_PATHS, (b) => isRealDate(b), 'Birthday is not a real date'),
    ['birthDay'],
  ),
  v.forward(
    v.partialCheck(BIRTHDAY_PATHS, (b) => isOldEnough(b), `You must be at least ${MIN_AGE_YEARS} years old to join`),
    ['birthYear'],
  ),
);
export type RegisterInput = v.InferInput<typeof registerSchema>;
export type RegisterData = v.InferOutput<typeof registerSchema>;

/** The first message for each top-level field (the form shows each beside its field), in the order found. */
export function issuesByField(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && !(key in byField)) byField[key] = issue.message;
  }
  return byField;
}

/** The first issue's message: what the API answers as `{ error }`. */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues[0]?.message ?? 'Invalid input';
}
