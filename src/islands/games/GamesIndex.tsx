/**
 * NOTE: the /games island: a search box over the catalogue, then 'Your games' and 'Most played' side by side on
 * wide screens (yours first, stacked on phones). While the box holds text the results take their place; the two
 * lists stay mounted (hidden), so clearing the box shows them as they were. The query lives in the address
 * (?q=, replaced as the person types, so Back from a game's page returns to the same results); the page passes it
 * in as `initialQuery`. The viewer's own games are loaded once and marked in every list.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import { serverMessageOf } from '../../client/api.ts';
import { GAME_QUERY_MAX } from '../../shared/game-values.ts';
import { loadMyGames } from '../../stores/games/my-games.ts';
import { GameSearchResults } from './GameSearchResults.tsx';
import { MostPlayed } from './MostPlayed.tsx';
import { YourGames, type MyGamesState } from './YourGames.tsx';
import { SearchField } from '../../ui/SearchField.tsx';

/** The address parameter that keeps the query (/games?q=…). */
export const GAMES_QUERY_PARAM = 'q';

const pageClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } });
const boxClass = css({ maxW: '2xl' });
const gridClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', lg: '20rem minmax(0, 1fr)' },
  gap: { base: '4', md: '6' },
  alignItems: 'start',
  '&[hidden]': { display: 'none' },
});

export default function GamesIndex({ initialQuery = '' }: { initialQuery?: string }) {
  const [query, setQuery] = useState(initialQuery);
  const [my, setMy] = useState<MyGamesState>({ status: 'loading' });
  const inputRef = useRef<HTMLInputElement>(null);
  const q = query.trim();

  const loadMine = useCallback(() => {
    setMy({ status: 'loading' });
    loadMyGames().then(
      (games) => setMy({ status: 'ready', games }),
      (err: unknown) => setMy({ status: 'error', message: serverMessageOf(err) ?? 'Failed to load your games' }),
    );
  }, []);
  useEffect(loadMine, [loadMine]);

  // The box is uncontrolled so hydration leaves alone what was typed before the script ran; pick that up here.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed !== initialQuery) setQuery(typed);
  }, [initialQuery]);

  // Replace (not push) the address, keeping the router's history state: one entry per visit, not per keystroke.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (q) url.searchParams.set(GAMES_QUERY_PARAM, q);
    else url.searchParams.delete(GAMES_QUERY_PARAM);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [q]);

  const mine = new Set(my.status === 'ready' ? my.games.map((g) => g.slug) : []);
  return (
    <div className={pageClass}>
      <form role="search" aria-label="Games" onSubmit={(e) => e.preventDefault()}>
        <SearchField
          label="Search games"
          className={boxClass}
          name={GAMES_QUERY_PARAM}
          inputRef={inputRef}
          defaultValue={initialQuery}
          placeholder="Search games..."
          maxLength={GAME_QUERY_MAX}
          onChange={(e) => setQuery(e.target.value)}
        />
      </form>
      {q !== '' && <GameSearchResults query={q} mine={mine} />}
      <div className={gridClass} hidden={q !== ''}>
        <YourGames state={my} onRetry={loadMine} />
        <MostPlayed mine={mine} />
      </div>
    </div>
  );
}
