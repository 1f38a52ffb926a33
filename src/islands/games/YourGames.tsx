/**
 * NOTE: the games index's 'Your games': the viewer's own games from their profile (loaded by the page's island,
 * which also marks them in the other lists), by name, each linking to its page with the platform. Without any it
 * says where to add them.
 */
import { css } from '../../../styled-system/css';
import type { ProfileGame } from '../../shared/game-types.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { headingClass, sectionClass } from './MostPlayed.tsx';
import { ProfileGameList } from './ProfileGameList.tsx';

export type MyGamesState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; games: ProfileGame[] };

const mutedClass = css({ color: 'fg.muted' });
const linkClass = css({ color: 'primary.text', fontWeight: 'medium' });

export function YourGames({ state, onRetry }: { state: MyGamesState; onRetry: () => void }) {
  return (
    <section className={sectionClass} aria-labelledby="your-games-heading" aria-busy={state.status === 'loading'}>
      <h2 id="your-games-heading" className={headingClass}>
        Your games
      </h2>
      {state.status === 'loading' && <Spinner size="sm" label="Loading your games" />}
      {state.status === 'error' && (
        <>
          <Alert>{state.message}</Alert>
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </>
      )}
      {state.status === 'ready' &&
        (state.games.length === 0 ? (
          <p className={mutedClass}>
            You have not added any games yet.{' '}
            <a className={linkClass} href="/profile">
              Add them on your profile
            </a>{' '}
            or say 'I play this' on a game's page.
          </p>
        ) : (
          <ProfileGameList games={Object.fromEntries(state.games.map((g) => [g.slug, g]))} empty="" label="Your games" />
        ))}
    </section>
  );
}
