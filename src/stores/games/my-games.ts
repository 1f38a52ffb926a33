/**
 * NOTE: the signed-in person's own games, kept in the own-profile store ($profile.games, from GET /profile/).
 * Rules for callers:
 * - Saving the list is in my-games-edits.ts, loaded with the Edit Games dialog.
 * - `loadMyGames()` answers the list for pickers on other pages: from $profile when loaded, else fetched without
 *   filling $profile (the profile island renders from $profile as it hydrates: a store filled by a picker before
 *   a client-side navigation to /profile would make its first render differ from the server's HTML).
 */
import { api } from '../../client/api.ts';
import type { OwnProfileResponse } from '../../shared/api-types.ts';
import type { ProfileGame } from '../../shared/game-types.ts';
import { $profile } from '../profiles/profile.ts';
import { sortedGames } from './games-api.ts';

export async function loadMyGames(): Promise<ProfileGame[]> {
  if ($profile.get().loaded) return sortedGames($profile.get().games);
  const own = await api.get<Pick<OwnProfileResponse, 'games'>>('/profile/');
  return sortedGames(own.games);
}
