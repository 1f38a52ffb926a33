/**
 * NOTE: the own-profile store (spec §3 "Profile (own state)", §4 "Profile"): state and its actions side by side.
 * Rules for callers:
 * - Read `$profile` (useStore in React); change it only through the actions below. Browser only (see session.ts).
 * - `fetchProfile` replaces the fields; missing links, games, followers, following or consoles become empty.
 *   Failure stores the server's error, else 'Failed to fetch profile', and keeps the fields already shown.
 * - Edits (bio, handles, picture) live in profile-edits.ts, loaded with the dialogs that make them: the
 *   validation they run is not on every page that shows a profile or your games.
 */
import { map } from 'nanostores';
import { allPages } from '../../client/all-pages.ts';
import { api, serverMessageOf } from '../../client/api.ts';
import type { Consoles, Friend, OwnProfileResponse, PersonRef } from '../../shared/api-types.ts';
import type { HandleVisibilitySettings, Platform } from '../../shared/profile-values.ts';

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

/** GET /api/friends/ (accepted friends, alphabetical), every page, for the Friends list and pickers. Throws ApiError. */
export function fetchFriends(): Promise<Friend[]> {
  return allPages<'friends', Friend>('/friends/', 'friends');
}
