import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORDS_DO_NOT_MATCH, firstIssue, issuesByField, loginSchema, registerSchema } from '../../../src/shared/schemas/auth.ts';
import { MISSING_FIELD_MESSAGES, buildRegistration } from '../../../src/server/db/factories/users.ts';

/** The message a form shows and the API answers for this input, or 'ok'. */
const registerMessage = (input: unknown) => {
  const result = v.safeParse(registerSchema, input);
  return result.success ? 'ok' : firstIssue(result.issues);
};
const loginMessage = (input: unknown) => {
  const result = v.safeParse(loginSchema, input);
  return result.success ? 'ok' : firstIssue(result.issues);
};

describe('registerSchema', () => {
  // "Today" is fixed so the age and year-range rules are tested at their boundaries.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 12)); // 22 November 2026
  });
  afterEach(() => vi.useRealTimers());

  it('accepts a valid registration and converts select strings to numbers', () => {
    const input = { ...buildRegistration(), birthMonth: '3', birthDay: '9', birthYear: '1990' };
    const output = v.parse(registerSchema, input);
    expect(output).toMatchObject({ birthMonth: 3, birthDay: 9, birthYear: 1990 });
  });

  it('trims the email and username', () => {
    const output = v.parse(registerSchema, buildRegistration({ email: '  someone@savepoint.test ', username: ' gamer_1 ' }));
    expect(output.email).toBe('someone@savepoint.test');
    expect(output.username).toBe('gamer_1');
  });

  it('refuses mismatching passwords with the spec text', () => {
    expect(registerMessage(buildRegistration({ confirmPassword: 'not-the-same' }))).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
  });

  it('names each missing field', () => {
    for (const [field, message] of MISSING_FIELD_MESSAGES) {
      const input: Record<string, unknown> = buildRegistration();
      delete input[field];
      expect(registerMessage(input), field).toBe(message);
    }
    expect(registerMessage({ ...buildRegistration(), birthMonth: '' })).toBe('Birth month is required');
    expect(registerMessage(null)).toBe('Request body must be a JSON object');
  });

  it.each([
    [{ username: 'abc' }, 'ok'],
    [{ username: 'a'.repeat(30) }, 'ok'],
    [{ username: 'A_b_9' }, 'ok'],
    [{ username: 'ab' }, 'Username must be 3-30 characters'],
    [{ username: 'a'.repeat(31) }, 'Username must be 3-30 characters'],
    [{ username: 'émile' }, 'Username may only contain letters, digits and underscores'],
    [{ username: 'x.y.z' }, 'Username may only contain letters, digits and underscores'],
    [{ email: 'a@b' }, 'Please enter a valid email address'],
    [{ password: '1234567', confirmPassword: '1234567' }, 'Password must be at least 8 characters'],
    [{ password: '12345678', confirmPassword: '12345678' }, 'ok'],
    [{ password: 'x'.repeat(128), confirmPassword: 'x'.repeat(128) }, 'ok'],
    [{ password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ birthMonth: 0 }, 'Birth month must be 1-12'],
    [{ birthDay: 32 }, 'Birth day must be 1-31'],
    [{ birthDay: 1.5 }, 'Birth day must be a whole number'],
  ])('%o → %s', (override, expected) => {
    expect(registerMessage(buildRegistration(override))).toBe(expected);
  });

  it('accepts birth years from 100 years back to this year, and no others', () => {
    expect(registerMessage(buildRegistration({ birthYear: 1926, birthMonth: 1, birthDay: 1 }))).toBe('ok');
    expect(registerMessage(buildRegistration({ birthYear: 1925 }))).toBe('Birth year is out of range');
    expect(registerMessage(buildRegistration({ birthYear: 2027 }))).toBe('Birth year is out of range');
  });

  it('requires a real calendar date, leap years included', () => {
    expect(registerMessage(buildRegistration({ birthYear: 2000, birthMonth: 2, birthDay: 29 }))).toBe('ok');
    expect(registerMessage(buildRegistration({ birthYear: 2001, birthMonth: 2, birthDay: 29 }))).toBe('Birthday is not a real date');
    expect(registerMessage(buildRegistration({ birthYear: 1990, birthMonth: 2, birthDay: 30 }))).toBe('Birthday is not a real date');
    expect(registerMessage(buildRegistration({ birthYear: 1990, birthMonth: 11, birthDay: 31 }))).toBe('Birthday is not a real date');
  });

  it('lets someone join on their 13th birthday, not the day before', () => {
    expect(registerMessage(buildRegistration({ birthYear: 2013, birthMonth: 11, birthDay: 22 }))).toBe('ok');
    expect(registerMessage(buildRegistration({ birthYear: 2013, birthMonth: 11, birthDay: 23 }))).toBe(
      'You must be at least 13 years old to join',
    );
    expect(registerMessage(buildRegistration({ birthYear: 2014, birthMonth: 1, birthDay: 1 }))).toBe(
      'You must be at least 13 years old to join',
    );
    expect(registerMessage(buildRegistration({ birthYear: 2026, birthMonth: 1, birthDay: 1 }))).toBe(
      'You must be at least 13 years old to join',
    );
  });
});

describe('loginSchema', () => {
  it.each([
    [{ email: 'gamer@savepoint.test', password: 'x' }, 'ok'],
    [{ email: ' gamer@savepoint.test ', password: 'x' }, 'ok'],
    [{ password: 'x' }, 'Email is required'],
    [{ email: '', password: 'x' }, 'Email is required'],
    [{ email: 'gamer', password: 'x' }, 'Please enter a valid email address'],
    [{ email: 'gamer@savepoint.test' }, 'Password is required'],
    [{ email: 'gamer@savepoint.test', password: '' }, 'Password is required'],
    [{ email: 'gamer@savepoint.test', password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
  ])('%o → %s', (input, expected) => {
    expect(loginMessage(input)).toBe(expected);
  });
});

describe('issuesByField (every problem at once, one per field)', () => {
  const byField = (input: unknown) => {
    const result = v.safeParse(registerSchema, input);
    return result.success ? {} : issuesByField(result.issues);
  };

  it('reports mismatching passwords even when the birthday is missing', () => {
    const input: Record<string, unknown> = { ...buildRegistration({ confirmPassword: 'not-the-same' }), birthMonth: '', birthDay: '' };
    expect(byField(input)).toEqual({
      birthMonth: 'Birth month is required',
      birthDay: 'Birth day is required',
      confirmPassword: PASSWORDS_DO_NOT_MATCH,
    });
    // The API still answers the first problem alone.
    expect(registerMessage(input)).toBe('Birth month is required');
  });

  it('reports a bad email and a bad username together, and the age rule once the birthday is whole', () => {
    const young = { birthYear: String(new Date().getFullYear() - 1), birthMonth: '1', birthDay: '1' };
    expect(byField({ ...buildRegistration({ email: 'nope', username: 'a' }), ...young })).toEqual({
      email: 'Please enter a valid email address',
      username: 'Username must be 3-30 characters',
      birthYear: expect.stringMatching(/^You must be at least \d+ years old to join$/),
    });
  });

  it('keeps the first message of a field and skips pathless issues', () => {
    const issue = (key: string | null, message: string) =>
      ({ message, path: key === null ? undefined : [{ key }] }) as unknown as v.BaseIssue<unknown>;
    expect(issuesByField([issue('a', 'one'), issue('a', 'two'), issue(null, 'root'), issue('b', 'three')])).toEqual({
      a: 'one',
      b: 'three',
    });
  });
});
