/**
 * NOTE: saving the signed-in person's games (the Edit Games dialog). `saveMyGames(list)` validates with the shared
 * schema (nothing is sent when that fails), PUTs the whole list and stores the saved answer in $profile; it
 * resolves with null or the message to show, and never throws.
 */
import * as v from 'valibot';
import { serverMessageOf } from '../../client/api.ts';
import type { GamePlatform } from '../../shared/game-values.ts';
import { profileGamesSchema } from '../../shared/schemas/games.ts';
import { $profile } from '../profiles/profile.ts';
import { saveProfileGames } from './games-api.ts';

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
