/**
 * NOTE: the words games screens build from counts. `playersText`: '1 player', '1,234 players' (the game page and
 * the games index say it alike). `sharedText`: what 'Players like you' says you share with someone:
 * 'Plays Apex Legends, Minecraft · 2 genres · 1 mutual friend'.
 */
import type { SuggestedPerson } from '../../shared/game-types.ts';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const playersText = (n: number) => plural(n, 'player', 'players');

export function sharedText(p: Pick<SuggestedPerson, 'shared_games' | 'shared_genres' | 'mutual_friends'>): string {
  const parts: string[] = [];
  if (p.shared_games.length > 0) parts.push(`Plays ${p.shared_games.map((g) => g.name).join(', ')}`);
  if (p.shared_genres.length > 0) parts.push(plural(p.shared_genres.length, 'genre', 'genres'));
  if (p.mutual_friends > 0) parts.push(plural(p.mutual_friends, 'mutual friend', 'mutual friends'));
  return parts.join(' · ');
}
