/**
 * NOTE: the fixed values of profiles, without the schemas (so a page that shows a profile does not load the
 * validation library): the bio's limit, the five handle platforms and who may see a handle.
 */
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
