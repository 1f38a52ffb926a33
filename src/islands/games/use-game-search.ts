/**
 * NOTE: the catalogue search behind every game picker: GET /games?query= SEARCH_DEBOUNCE_MS after the last
 * keystroke (an empty query lists the most played games). Only the newest query's answer is applied, so a slow
 * answer never overwrites a newer one. `enabled` false (a closed list) sends nothing; a new `attempt` asks again
 * (Try again after an error).
 */
import { useEffect, useState } from 'react';
import { serverMessageOf } from '../../client/api.ts';
import type { GameSummary } from '../../shared/game-types.ts';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants.ts';
import { searchGames } from '../../stores/games/games-api.ts';

export type GameSearchState = { games: GameSummary[]; loading: boolean; error: string | null; query: string | null };

export function useGameSearch(query: string, enabled: boolean, attempt = 0): GameSearchState {
  const [state, setState] = useState<GameSearchState>({ games: [], loading: false, error: null, query: null });
  const q = query.trim();

  useEffect(() => {
    if (!enabled) return;
    let latest = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    const timer = setTimeout(() => {
      searchGames(q).then(
        (res) => latest && setState({ games: res.games, loading: false, error: null, query: q }),
        (err: unknown) =>
          latest && setState({ games: [], loading: false, error: serverMessageOf(err) ?? 'Could not search games', query: q }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      latest = false;
      clearTimeout(timer);
    };
  }, [q, enabled, attempt]);

  return state;
}
