/**
 * NOTE: profile shapes (spec §7 "Profile"), used by the edit dialogs before sending and by the API on receipt.
 * Handles: trimmed; an empty value (or null) clears the handle; control characters are refused.
 */
import * as v from 'valibot';
import { SEARCH_MIN_CHARS } from '../constants.ts';
import { plainText, requiredObject, USERNAME_MAX } from './fields.ts';

export const BIO_MAX = 500;

/** The five platforms of the Edit Platforms dialog: PUT path, body key, label and length limit. */
export const PLATFORMS = [
  { id: 'discord', path: '/profile/discord', key: 'discord_username', label: 'Discord', max: 37 },
  { id: 'playstation', path: '/profile/consoles/playstation', key: 'psn_username', label: 'PlayStation', max: 16 },
  { id: 'xbox', path: '/profile/consoles/xbox', key: 'xbox_gamertag', label: 'Xbox', max: 20 },
  { id: 'steam', path: '/profile/consoles/steam', key: 'steam_username', label: 'Steam', max: 32 },
  { id: 'nintendo', path: '/profile/consoles/nintendo', key: 'friend_code', label: 'Nintendo', max: 20 },
] as const;

/** Who may see a handle on the profile; a handle without a setting is shown to everyone. */
export const HANDLE_VISIBILITIES = ['everyone', 'friends', 'nobody'] as const;
export type HandleVisibility = (typeof HANDLE_VISIBILITIES)[number];

export type Platform = (typeof PLATFORMS)[number];
export type PlatformId = Platform['id'];

/** Every platform's setting, absent ones filled in as 'everyone'. */
export type HandleVisibilitySettings = Record<PlatformId, HandleVisibility>;

/** PUT /profile/visibility: who may see one platform's handle. */
export const visibilitySchema = requiredObject({
  platform: v.picklist(
    PLATFORMS.map((p) => p.id),
    `Platform must be one of ${PLATFORMS.map((p) => p.id).join(', ')}`,
  ),
  visibility: v.picklist(HANDLE_VISIBILITIES, `Visibility must be one of ${HANDLE_VISIBILITIES.join(', ')}`),
});
export type VisibilityInput = v.InferOutput<typeof visibilitySchema>;

const handleField = (label: string, max: number) =>
  v.pipe(
    v.nullable(v.string(`${label} is required`), ''),
    v.trim(),
    v.maxLength(max, `${label} must be at most ${max} characters`),
    plainText(label),
    v.transform((s) => (s === '' ? null : s)),
  );

/** The body schema of one platform's PUT, e.g. `{ psn_username }`. */
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
