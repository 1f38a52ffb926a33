/**
 * NOTE: profile shapes (spec §7 "Profile"), used by the edit dialogs before sending and by the API on receipt.
 * Handles: trimmed; an empty value (or null) clears the handle; control characters are refused.
 */
import * as v from 'valibot';
import { SEARCH_MIN_CHARS } from '../constants.ts';
import { BIO_MAX, HANDLE_VISIBILITIES, type Platform, PLATFORMS } from '../profile-values.ts';
import { plainName, plainText, requiredObject, USERNAME_MAX } from './fields.ts';

/** PUT /profile/visibility: who may see one platform's handle. */
export const visibilitySchema = requiredObject({
  platform: v.picklist(
    PLATFORMS.map((p) => p.id),
    `Platform must be one of ${PLATFORMS.map((p) => p.id).join(', ')}`,
  ),
  visibility: v.picklist(HANDLE_VISIBILITIES, `Visibility must be one of ${HANDLE_VISIBILITIES.join(', ')}`),
});
export type VisibilityInput = v.InferOutput<typeof visibilitySchema>;

// Pure (it only builds a schema): bundlers drop calls whose result a page does not use.
/* @__NO_SIDE_EFFECTS__ */
const handleField = (label: string, max: number) =>
  v.pipe(
    v.nullable(v.string(`${label} is required`), ''),
    v.trim(),
    v.maxLength(max, `${label} must be at most ${max} characters`),
    // A handle is a name others read and type into another platform: no direction controls, no invisible characters.
    plainName(label, { noFormatCharacters: true }),
    v.transform((s) => (s === '' ? null : s)),
  );

/** The body schema of one platform's PUT, e.g. `{ psn_username }`. */
// Pure (it only builds a schema): bundlers drop calls whose result a page does not use.
/* @__NO_SIDE_EFFECTS__ */
export const platformSchema = (platform: Platform) =>
  requiredObject({
    [platform.key]: handleField(`${platform.label} ${platform.id === 'nintendo' ? 'friend code' : 'username'}`, platform.max),
  });

export const bioSchema = requiredObject({
  bio: v.pipe(
    v.string('Bio must be text'),
    v.trim(),
    v.maxLength(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`),
    plainText('Bio', { newlines: true }),
  ),
});
export type BioInput = v.InferInput<typeof bioSchema>;

/** GET /profile/search?query= : at least one character after trimming, no longer than a username. */
export const searchQuerySchema = requiredObject({
  query: v.pipe(
    v.string('Search query is required'),
    v.trim(),
    v.minLength(SEARCH_MIN_CHARS, 'Search query is required'),
    v.maxLength(USERNAME_MAX, `Search query must be at most ${USERNAME_MAX} characters`),
    plainText('Search query'),
  ),
});
