/**
 * NOTE: the /games/{slug} island: the game's name, genres, platforms and player count with the 'I play this'
 * toggle, then 'Players', 'Communities', 'Looking for group' (its code loaded as it comes near) and 'Posts'. An unknown slug shows 'Game not found'; an old slug (a renamed or merged
 * game) shows the game and replaces the address with its current slug. The tab's title becomes the game's name. `viewer` is the signed-in username.
 */
import { useCallback, useEffect, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { ApiError, serverMessageOf } from '../../client/api.ts';
import type { GameDetailResponse } from '../../shared/game-types.ts';
import { GAME_GENRE_LABELS, GAME_PLATFORM_LABELS } from '../../shared/game-values.ts';
import { fetchGame } from '../../stores/games/games-api.ts';
import { playersText } from '../../stores/games/shared-text.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { NotFoundOnDemand } from '../../ui/not-found-on-demand.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { GameCommunities } from '../communities/GameCommunities.tsx';
import { GameLfg } from '../lfg/lfg-sections.tsx';
import { GamePlayers } from './GamePlayers.tsx';
import { GamePosts } from './GamePosts.tsx';
import { PlayToggle } from './PlayToggle.tsx';

type Game = GameDetailResponse['game'];
type State = { status: 'loading' } | { status: 'not-found' } | { status: 'error'; message: string } | { status: 'ready'; game: Game };

const pageClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } });
const headerClass = cx(card({ padding: 'lg' }), css({ display: 'flex', flexDirection: 'column', gap: '3' }));
const nameClass = css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', lineHeight: '1.2', overflowWrap: 'anywhere' });
const chipsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', m: '0', p: '0' });
const chipClass = css({ px: '2.5', py: '0.5', borderRadius: 'full', fontSize: 'xs', fontWeight: 'semibold', bg: 'bg.subtle' });
const platformChipClass = css({ bg: 'primary.subtle', color: 'primary.text' });
const countClass = css({ color: 'fg.muted', fontWeight: 'medium' });
const gridClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', lg: '20rem 1fr' },
  gap: { base: '4', md: '6' },
  alignItems: 'start',
});
const centreClass = css({ display: 'grid', placeItems: 'center', py: '16' });
const columnClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' }, minW: '0' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '4' });

export default function GamePage({ slug, viewer }: { slug: string; viewer: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const { game } = await fetchGame(slug);
      setState({ status: 'ready', game });
      document.title = `${game.name} · Savepoint`;
      if (game.slug !== slug) {
        const url = new URL(window.location.href);
        url.pathname = `/games/${encodeURIComponent(game.slug)}`;
        window.history.replaceState(window.history.state, '', url);
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setState({ status: 'not-found' });
      else setState({ status: 'error', message: serverMessageOf(err) ?? 'Failed to load the game' });
    }
  }, [slug]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.status === 'loading')
    return (
      <div className={centreClass}>
        <Spinner label="Loading game" />
      </div>
    );
  if (state.status === 'not-found') return <NotFoundOnDemand kind="game" />;
  if (state.status === 'error')
    return (
      <div className={errorClass}>
        <Alert>{state.message}</Alert>
        <Button variant="outline" onClick={() => void load()}>
          Try again
        </Button>
      </div>
    );

  const { game } = state;
  return (
    <div className={pageClass}>
      <section className={headerClass} aria-labelledby="game-name">
        <h1 id="game-name" className={nameClass}>
          {game.name}
        </h1>
        {game.genres.length > 0 && (
          <ul className={chipsClass} aria-label="Genres">
            {game.genres.map((g) => (
              <li key={g} className={chipClass}>
                {GAME_GENRE_LABELS[g] ?? g}
              </li>
            ))}
          </ul>
        )}
        {game.platforms.length > 0 && (
          <ul className={chipsClass} aria-label="Platforms">
            {game.platforms.map((p) => (
              <li key={p} className={cx(chipClass, platformChipClass)}>
                {GAME_PLATFORM_LABELS[p] ?? p}
              </li>
            ))}
          </ul>
        )}
        <p className={countClass}>{playersText(game.players)}</p>
        <PlayToggle game={game} onChange={(next) => setState({ status: 'ready', game: next })} />
      </section>
      <div className={gridClass}>
        <div className={columnClass}>
          <GamePlayers slug={game.slug} version={game.players} />
          <GameCommunities slug={game.slug} name={game.name} />
          <GameLfg slug={game.slug} name={game.name} />
        </div>
        <GamePosts slug={game.slug} name={game.name} viewer={viewer} />
      </div>
    </div>
  );
}
