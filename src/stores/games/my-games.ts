/**
 * NOTE: the signed-in person's own games, kept in the own-profile store ($profile.games, from GET /profile/).
 * Rules for callers:
 * - `saveMyGames(list)` validates with the shared schema (nothing is sent when that fails), PUTs the whole list
 *   and stores the saved answer; it resolves with null or the message to show, and never throws.
 * - `loadMyGames()` answers the list for pickers on other pages: from $profile when loaded, else fetched without
 *   filling $profile (the profile island renders from $profile as it hydrates: a store filled by a picker before
 *   a client-side navigation to /profile would make its first render differ from the server's HTML).
 */
import * as v from 'valibot';
import { api, serverMessageOf } from '../../client/api.ts';
import type { OwnProfileResponse } from '../../shared/api-types.ts';
import type { ProfileGame } from '../../shared/game-types.ts';
import { type GamePlatform, profileGamesSchema } from '../../shared/schemas/games.ts';
import { $profile } from '../profiles/profile.ts';
import { saveProfileGames, sortedGames } from './games-api.ts';

export async function saveMyGames(list: Array<{ slug: string; platform: GamePlatform }>): Promise<string | null> {
  const parsed = v.safeParse(profileGamesSchema, { games: list });
  if (!parsed.success) return parsed.issues[0].message;
  try {
    const answer = await saveProfileGames(parsed.output.games);
    $profile.setKey('games', answer.games);
    return null;
  } catch (err) {
    return serverMessageOf(err) ?? 'Failed to save games';
  }
}

export async function loadMyGames(): Promise<ProfileGame[]> {
  if ($profile.get().loaded) return sortedGames($profile.get().games);
  const own = await api.get<Pick<OwnProfileResponse, 'games'>>('/profile/');
  return sortedGames(own.games);
}
