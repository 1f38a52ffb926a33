/**
 * NOTE: the own-profile store (spec §3 "Profile (own state)", §4 "Profile"): state and its actions side by side.
 * Rules for callers:
 * - Read `$profile` (useStore in React); change it only through the actions below. Browser only (see session.ts).
 * - `fetchProfile` replaces the fields; missing links, games, followers, following or consoles become empty.
 *   Failure stores the server's error, else 'Failed to fetch profile', and keeps the fields already shown.
 * - `saveBio`, `savePlatforms` and `uploadPicture` validate with the shared schemas first (nothing is sent when
 *   that fails), set `saving` while in flight, reload the profile after a success and resolve with null, or
 *   resolve with the message to show (the server's error text, else a fallback). They never throw.
 * - `savePlatforms` sends one PUT per handle that changed (after trimming), in PLATFORMS order, then one
 *   PUT /profile/visibility per "who can see this" setting that changed, and nothing else.
 */
import { map } from 'nanostores';
import * as v from 'valibot';
import { allPages } from '../../client/all-pages.ts';
import { api, serverMessageOf } from '../../client/api.ts';
import type { Consoles, Friend, OwnProfileResponse, PersonRef } from '../../shared/api-types.ts';
import { PICTURE_UPLOAD_MAX_BYTES } from '../../shared/constants.ts';
import {
  bioSchema,
  type HandleVisibilitySettings,
  type Platform,
  type PlatformId,
  PLATFORMS,
  platformSchema,
} from '../../shared/schemas/profile.ts';

export type ProfileState = {
  /** False until the first successful fetch. */
  loaded: boolean;
  username: string;
  bio: string;
  discord: string | null;
  links: Record<string, string>;
  games: Record<string, unknown>;
  consoles: Consoles;
  followers: PersonRef[];
  following: PersonRef[];
  followersCount: number;
  followingCount: number;
  friendsCount: number;
  hasPicture: boolean;
  /** Who may see each handle (every platform; 'everyone' when never set). */
  handleVisibility: HandleVisibilitySettings;
  /** Changes after each upload so the browser fetches the new picture instead of its cached copy. */
  pictureVersion: string | null;
  loading: boolean;
  saving: boolean;
  error: string | null;
};

const noConsoles: Consoles = { playstation: null, xbox: null, steam: null, nintendo: null };
export const VISIBLE_TO_EVERYONE: HandleVisibilitySettings = {
  discord: 'everyone',
  playstation: 'everyone',
  xbox: 'everyone',
  steam: 'everyone',
  nintendo: 'everyone',
};

export const $profile = map<ProfileState>({
  loaded: false,
  username: '',
  bio: '',
  discord: null,
  links: {},
  games: {},
  consoles: noConsoles,
  followers: [],
  following: [],
  followersCount: 0,
  followingCount: 0,
  friendsCount: 0,
  hasPicture: false,
  handleVisibility: VISIBLE_TO_EVERYONE,
  pictureVersion: null,
  loading: false,
  saving: false,
  error: null,
});

export async function fetchProfile(): Promise<void> {
  $profile.set({ ...$profile.get(), loading: true, error: null });
  try {
    const data = await api.get<Partial<OwnProfileResponse>>('/profile/');
    const followers = data.followers ?? [];
    const following = data.following ?? [];
    $profile.set({
      ...$profile.get(),
      loaded: true,
      username: data.username ?? '',
      bio: data.bio ?? '',
      discord: data.discord ?? null,
      links: data.links ?? {},
      games: data.games ?? {},
      consoles: { ...noConsoles, ...data.consoles },
      followers,
      following,
      followersCount: data.followers_count ?? followers.length,
      followingCount: data.following_count ?? following.length,
      friendsCount: data.friends_count ?? 0,
      hasPicture: data.has_picture ?? false,
      handleVisibility: { ...VISIBLE_TO_EVERYONE, ...data.handle_visibility },
      loading: false,
    });
  } catch (err) {
    $profile.set({ ...$profile.get(), loading: false, error: serverMessageOf(err) ?? 'Failed to fetch profile' });
  }
}

/** The handle currently stored for a platform, or null. */
export function handleOf(state: Pick<ProfileState, 'discord' | 'consoles'>, platform: Platform): string | null {
  if (platform.id === 'discord') return state.discord;
  const console = state.consoles[platform.id] as Record<string, string> | null;
  return console?.[platform.key] ?? null;
}

/** Runs one save: `saving` on, then the profile reloaded after success; resolves with null or the message. */
async function save(send: () => Promise<unknown>, fallback: string): Promise<string | null> {
  $profile.setKey('saving', true);
  try {
    await send();
    await fetchProfile();
    return null;
  } catch (err) {
    return serverMessageOf(err) ?? fallback;
  } finally {
    $profile.setKey('saving', false);
  }
}

export async function saveBio(bio: string): Promise<string | null> {
  const parsed = v.safeParse(bioSchema, { bio });
  if (!parsed.success) return parsed.issues[0].message;
  return save(() => api.put('/profile/bio', parsed.output), 'Failed to save bio');
}

export async function savePlatforms(
  values: Record<PlatformId, string>,
  visibility: HandleVisibilitySettings = $profile.get().handleVisibility,
): Promise<string | null> {
  const state = $profile.get();
  const changes: Array<{ path: string; body: Record<string, string | null> }> = [];
  for (const platform of PLATFORMS) {
    const parsed = v.safeParse(platformSchema(platform), { [platform.key]: values[platform.id] });
    if (!parsed.success) return parsed.issues[0].message;
    const next = parsed.output[platform.key] ?? null;
    if (next !== handleOf(state, platform)) changes.push({ path: platform.path, body: { [platform.key]: next } });
  }
  for (const platform of PLATFORMS) {
    const wanted = visibility[platform.id];
    if (wanted !== state.handleVisibility[platform.id]) {
      changes.push({ path: '/profile/visibility', body: { platform: platform.id, visibility: wanted } });
    }
  }
  if (changes.length === 0) return null;
  return save(async () => {
    try {
      for (const change of changes) await api.put(change.path, change.body);
    } catch (err) {
      // Some handles may have been saved before the failure: show them, and compare against them next time.
      await fetchProfile();
      throw err;
    }
  }, 'Failed to save platforms');
}

export async function uploadPicture(picture: Blob): Promise<string | null> {
  if (!picture.type.startsWith('image/')) return 'Please choose an image file';
  if (picture.size > PICTURE_UPLOAD_MAX_BYTES) return 'This picture is too large';
  const form = new FormData();
  form.append('file', picture, 'profile.jpg');
  return save(async () => {
    const { etag } = await api.upload<{ message: string; etag: string }>('/profile/picture', form);
    $profile.set({ ...$profile.get(), hasPicture: true, pictureVersion: etag });
  }, 'Failed to upload profile picture');
}

/** GET /api/friends/ (accepted friends, alphabetical), every page, for the Friends list and pickers. Throws ApiError. */
export function fetchFriends(): Promise<Friend[]> {
  return allPages<'friends', Friend>('/friends/', 'friends');
}
