/**
 * NOTE: the games index's search results for `query` (non-empty, trimmed): the catalogue search's games, exact and
 * prefix matches first, each opening its page, the viewer's own (`mine`) marked. One live region says how many
 * were found; with none it offers to add the title (the answer's page opens, a new game or the one it matched).
 */
import { useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { serverMessageOf } from '../../client/api.ts';
import { addGame } from '../../stores/games/games-api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { GameRow, gameListClass } from './GameRow.tsx';
import { headingClass, sectionClass } from './MostPlayed.tsx';
import { useGameSearch } from './use-game-search.ts';
import { plural } from '../../shared/plural.ts';

// As wide as the search box above it.
const resultsClass = cx(sectionClass, css({ maxW: '2xl' }));
const listClass = cx(gameListClass, css({ transition: 'opacity 150ms', '&[aria-busy=true]': { opacity: 0.6 } }));
const messageClass = css({ color: 'fg.muted', overflowWrap: 'anywhere' });
const srOnly = css({ srOnly: true });
const rowClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });

const foundText = (n: number) => `${plural(n, 'game')} found`;

export function GameSearchResults({ query, mine }: { query: string; mine: ReadonlySet<string> }) {
  const [attempt, setAttempt] = useState(0);
  const search = useGameSearch(query, true, attempt);
  const [adding, setAdding] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const answered = search.query === query && !search.loading;
  const none = answered && !search.error && search.games.length === 0;

  async function add() {
    setAdding({ busy: true, error: null });
    try {
      const { game } = await addGame(query);
      window.location.assign(`/games/${encodeURIComponent(game.slug)}`);
    } catch (err) {
      setAdding({ busy: false, error: serverMessageOf(err) ?? 'Could not add the game' });
    }
  }

  return (
    <section className={resultsClass} aria-labelledby="game-results-heading">
      <h2 id="game-results-heading" className={headingClass}>
        Search results
      </h2>
      <p className={none ? messageClass : srOnly} role="status">
        {answered && !search.error ? (none ? `No games match “${query}”.` : foundText(search.games.length)) : ''}
      </p>
      {!answered && search.games.length === 0 && <Spinner size="sm" label="Searching games" />}
      {search.error && answered && (
        <>
          <Alert>{search.error}</Alert>
          <div className={rowClass}>
            <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          </div>
        </>
      )}
      {search.games.length > 0 && (
        <ul className={listClass} aria-label="Games found" aria-busy={!answered}>
          {search.games.map((g) => (
            <GameRow key={g.slug} game={g} yours={mine.has(g.slug)} />
          ))}
        </ul>
      )}
      {none && (
        <div className={rowClass}>
          <Button variant="outline" size="sm" disabled={adding.busy} aria-busy={adding.busy || undefined} onClick={() => void add()}>
            <Icon name="gamepad" />
            {adding.busy ? 'Adding...' : `Add “${query}” as a new game`}
          </Button>
        </div>
      )}
      {adding.error && <Alert>{adding.error}</Alert>}
    </section>
  );
}
