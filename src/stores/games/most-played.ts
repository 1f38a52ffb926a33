/**
 * NOTE: the games index's 'Most played' list in the browser. `withPage(shown, page)` is the one way a further page
 * joins the list: a game already shown is left out (a count that moved between two requests can bring it back).
 */
import type { MostPlayedResponse } from '../../shared/game-types.ts';

export type RankedGame = MostPlayedResponse['games'][number];

export function withPage(shown: RankedGame[], page: RankedGame[]): RankedGame[] {
  const seen = new Set(shown.map((g) => g.slug));
  return [...shown, ...page.filter((g) => !seen.has(g.slug))];
}
