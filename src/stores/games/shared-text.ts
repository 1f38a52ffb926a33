/**
 * NOTE: the words games screens build from counts. `playersText`: '1 player', '1,234 players' (the game page and
 * the games index say it alike). `sharedText`: what 'Players like you' says you share with someone:
 * 'Plays Apex Legends, Minecraft · 2 genres · 1 mutual friend'.
 */
import type { SuggestedPerson } from '../../shared/game-types.ts';
import { plural } from '../../shared/plural.ts';

export const playersText = (n: number) => plural(n, 'player');

export function sharedText(p: Pick<SuggestedPerson, 'shared_games' | 'shared_genres' | 'mutual_friends'>): string {
  const parts: string[] = [];
  if (p.shared_games.length > 0) parts.push(`Plays ${p.shared_games.map((g) => g.name).join(', ')}`);
  if (p.shared_genres.length > 0) parts.push(plural(p.shared_genres.length, 'genre'));
  if (p.mutual_friends > 0) parts.push(plural(p.mutual_friends, 'mutual friend'));
  return parts.join(' · ');
}
