/**
 * NOTE: the games index's 'Most played': games someone plays, most players first (the server's order), ranked,
 * each with its player count and 'You play this' for the viewer's own (`mine`, slugs); 'Show more' asks for the
 * next page. Renders its loading state on the server and until its first answer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { serverMessageOf } from '../../client/api.ts';
import { fetchMostPlayed } from '../../stores/games/games-api.ts';
import { withPage, type RankedGame } from '../../stores/games/most-played.ts';
import { Alert } from '../../ui/Alert.tsx';
import { GameRow, gameListClass } from './GameRow.tsx';
import { ListFooter } from '../../ui/ListFooter.tsx';

export const sectionClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' }));
export const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const mutedClass = css({ color: 'fg.muted' });

type State = { games: RankedGame[]; cursor: string | null; loading: boolean; error: string | null; loaded: boolean };

export function MostPlayed({ mine }: { mine: ReadonlySet<string> }) {
  const [state, setState] = useState<State>({ games: [], cursor: null, loading: true, error: null, loaded: false });
  const listRef = useRef<HTMLOListElement>(null);
  // After 'Show more', focus goes to the first game it added (the button may be gone: there is no more).
  const focusFrom = useRef<number | null>(null);

  const load = useCallback(async (cursor: string | null) => {
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const page = await fetchMostPlayed(cursor);
      setState((s) => ({
        games: cursor ? withPage(s.games, page.games) : page.games,
        cursor: page.next_cursor,
        loading: false,
        error: null,
        loaded: true,
      }));
    } catch (err) {
      setState((s) => ({ ...s, loading: false, error: serverMessageOf(err) ?? 'Failed to load the most played games' }));
    }
  }, []);

  useEffect(() => {
    void load(null);
  }, [load]);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || state.loading) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll('a')[from]?.focus();
  }, [state.games, state.loading]);

  return (
    <section className={sectionClass} aria-labelledby="most-played-heading" aria-busy={state.loading}>
      <h2 id="most-played-heading" className={headingClass}>
        Most played
      </h2>
      {state.loaded && state.games.length === 0 && !state.cursor && (
        <p className={mutedClass}>Nobody plays a game here yet. Search for yours and say 'I play this' on its page.</p>
      )}
      {state.games.length > 0 && (
        <ol ref={listRef} className={gameListClass} aria-label="Most played games">
          {state.games.map((g, i) => (
            <GameRow key={g.slug} game={g} rank={i + 1} players={g.players} yours={mine.has(g.slug)} />
          ))}
        </ol>
      )}
      {state.error && <Alert>{state.error}</Alert>}
      <ListFooter
        loading={state.loading}
        loadingLabel="Loading most played games"
        failed={Boolean(state.error)}
        more={Boolean(state.cursor)}
        onMore={() => {
          if (!state.error) focusFrom.current = state.games.length;
          void load(state.loaded ? state.cursor : null);
        }}
      />
    </section>
  );
}
