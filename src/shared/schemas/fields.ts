import * as v from 'valibot';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const MIN_AGE_YEARS = 13;
export const BIRTH_YEAR_SPAN = 100;

/** NUL and the other C0/C1 controls and DEL: never meaningful in what people type. Lines may break, tabs may not. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROLS_EXCEPT_NEWLINES = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * True when `s` is text a person could have typed: no control characters (line breaks only when `newlines`) and
 * no lone UTF-16 surrogates (PostgreSQL rejects NUL with an error, and a lone surrogate would be stored as U+FFFD).
 */
export const isPlainText = (s: string, newlines = false) => s.isWellFormed() && !(newlines ? CONTROLS_EXCEPT_NEWLINES : CONTROLS).test(s);

export const notAllowedMessage = (label: string) => `${label} contains characters that are not allowed`;

/** The check every free-text field ends its pipe with: `plainText('Bio', { newlines: true })`. */
// Pure (it only builds a schema): bundlers drop calls whose result a page does not use.
/* @__NO_SIDE_EFFECTS__ */
export const plainText = (label: string, options: { newlines?: boolean } = {}) =>
  v.check((s: string) => isPlainText(s, options.newlines), notAllowedMessage(label));

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): in a name they turn what follows
 * around on screen, so 'ann\u202Egnp.exe' reads 'annexe.png', and the name next to it in a list, a mention or a
 * notification can be spoofed. Free text (bio, captions, comments, messages) keeps them: people writing in two
 * scripts use them, and a message is read as a message, not trusted as a name.
 */
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
/** Every invisible format character (Unicode Cf): zero-width spaces and joiners, soft hyphens, direction controls. */
const FORMAT_CHARACTERS = /\p{Cf}/u;

/**
 * True when `s` may be a name: plain text on one line without direction controls. `noFormatCharacters` refuses
 * every invisible format character too (names compared as keys, such as game titles, where a zero-width space
 * would make a second one that looks the same); other names keep zero-width joiners, which emoji are made of.
 */
export const isPlainName = (s: string, options: { noFormatCharacters?: boolean } = {}) =>
  isPlainText(s) && !(options.noFormatCharacters ? FORMAT_CHARACTERS : DIRECTION_CONTROLS).test(s);

/**
 * The check every name ends its pipe with (a username, a group chat's name, a game title, a community's name):
 * `plainName('Chat name')`. The message is plainText's, so a form and the API say the same.
 */
// Pure (it only builds a schema): bundlers drop calls whose result a page does not use.
/* @__NO_SIDE_EFFECTS__ */
export const plainName = (label: string, options: { noFormatCharacters?: boolean } = {}) =>
  v.check((s: string) => isPlainName(s, options), notAllowedMessage(label));

export const emailField = v.pipe(
  v.string('Email is required'),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.maxLength(254, 'Email must be at most 254 characters'),
  plainText('Email'),
  v.email('Please enter a valid email address'),
);

export const usernameField = v.pipe(
  v.string('Username is required'),
  v.trim(),
  v.nonEmpty('Username is required'),
  v.minLength(USERNAME_MIN, `Username must be ${USERNAME_MIN}-${USERNAME_MAX} characters`),
  v.maxLength(USERNAME_MAX, `Username must be ${USERNAME_MIN}-${USERNAME_MAX} characters`),
  plainName('Username'),
  v.regex(/^[A-Za-z0-9_]+$/, 'Username may only contain letters, digits and underscores'),
);

export const newPasswordField = v.pipe(
  v.string('Password is required'),
  v.nonEmpty('Password is required'),
  v.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
  v.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  plainText('Password'),
);

/** Select values arrive as numbers from the API and as strings from form controls. */
// Pure (it only builds a schema): bundlers drop calls whose result a page does not use.
/* @__NO_SIDE_EFFECTS__ */
export const wholeNumberField = (name: string) =>
  v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.nonEmpty(`${name} is required`), v.digits(`${name} must be a number`))],
      `${name} is required`,
    ),
    v.transform(Number),
    v.integer(`${name} must be a whole number`),
  );

/** PostgreSQL `integer` ids (users, rooms, posts, notifications): anything above is no id at all. */
export const MAX_INT_ID = 2 ** 31 - 1;
/** PostgreSQL `bigint` ids (chat messages) as the client holds them: JavaScript numbers, exact up to here. */
export const MAX_BIGINT_ID = Number.MAX_SAFE_INTEGER;

/**
 * A positive whole number in a query string (paging values, ids to page from), at most `max`: digits only, so
 * '1e3', '-1' and '' are refused, and a bound, so nothing out of the column's range reaches the database.
 */
// Pure (it only builds a schema): bundlers drop calls whose result a page does not use.
/* @__NO_SIDE_EFFECTS__ */
export const queryWholeNumber = (name: string, max: number) =>
  v.pipe(
    v.string(),
    v.digits(`${name} must be a positive whole number`),
    v.transform(Number),
    v.minValue(1, `${name} must be a positive whole number`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

/** An id written in an address (a path segment or a query value): the number, or null when no row can have it. */
export function idFromText(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const parsed = v.safeParse(queryWholeNumber('id', MAX_INT_ID), raw);
  return parsed.success ? parsed.output : null;
}

/**
 * `v.object` whose missing keys get the same message the field gives for no value ('Email is required'),
 * instead of valibot's generic 'Invalid key: Expected "email"'. A body that is not an object says so.
 */
// Pure (it only builds a schema): bundlers drop calls whose result a page does not use.
/* @__NO_SIDE_EFFECTS__ */
export function requiredObject<E extends v.ObjectEntries>(entries: E) {
  return v.object(entries, (issue) => {
    const key = issue.path?.[0]?.key;
    const field = typeof key === 'string' ? entries[key] : undefined;
    return (field && v.safeParse(field, undefined).issues?.[0]?.message) || 'Request body must be a JSON object';
  });
}

/**
 * `limit` and `cursor` of the paged lists (chats, friends): `cursor` is the `next_cursor` of the previous page,
 * opaque to clients; `isCursor` says what the list's cursors look like, so nothing else reaches a query.
 */
// Pure (it only builds a schema): bundlers drop calls whose result a page does not use.
/* @__NO_SIDE_EFFECTS__ */
export const listPageSchema = (isCursor: (cursor: string) => boolean, defaultLimit: number, maxLimit: number) =>
  v.object({
    limit: v.optional(queryWholeNumber('limit', maxLimit), String(defaultLimit)),
    cursor: v.optional(v.pipe(v.string(), v.check(isCursor, 'cursor is not one this list gave out'))),
  });

/** A keyset list's `cursor` in a query (keyset-cursor.ts makes them): base64url, checked again where it is read. */
export const opaqueCursorField = v.optional(
  v.pipe(v.string(), v.maxLength(200, 'cursor is not valid'), v.regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid')),
);
