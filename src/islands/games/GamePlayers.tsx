/**
 * A game page's 'Players': friends first, then people you follow, then others (the server's order), each linking
 * to their profile with the platform and how you know them; 'Show more' asks for the next page. `version` changes
 * (the player count moved) restart the list.
 */
import { useCallback, useEffect, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { serverMessageOf } from '../../client/api.ts';
import { pictureUrl } from '../../client/pictures.ts';
import type { GamePlayer, PlayerRelation } from '../../shared/game-types.ts';
import { GAME_PLATFORM_LABELS } from '../../shared/game-values.ts';
import { fetchPlayers } from '../../stores/games/games-api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { chipClass } from '../../ui/chip-styles.ts';

const sectionClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' }));
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const listClass = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '1' });
const linkClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  py: '1.5',
  px: '1',
  borderRadius: 'md',
  color: 'inherit',
  textDecoration: 'none',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' },
});
const whoClass = css({ display: 'flex', flexDirection: 'column', minW: '0' });
const nameClass = css({ fontWeight: 'semibold', overflowWrap: 'anywhere' });
const metaClass = css({ fontSize: 'sm', color: 'fg.muted' });
const badgeClass = cx(chipClass, css({ ml: 'auto', flexShrink: 0 }));
const mutedClass = css({ color: 'fg.muted' });

const RELATION_LABELS: Record<PlayerRelation, string | null> = { friend: 'Friend', following: 'Following', other: null };

type State = { players: GamePlayer[]; cursor: string | null; loading: boolean; error: string | null; loaded: boolean };

export function GamePlayers({ slug, version }: { slug: string; version: number }) {
  const [state, setState] = useState<State>({ players: [], cursor: null, loading: true, error: null, loaded: false });

  const load = useCallback(
    async (cursor: string | null) => {
      setState((s) => ({ ...s, loading: true, error: null }));
      try {
        const page = await fetchPlayers(slug, cursor);
        setState((s) => ({
          players: cursor ? [...s.players, ...page.players.filter((p) => !s.players.some((q) => q.user_id === p.user_id))] : page.players,
          cursor: page.next_cursor,
          loading: false,
          error: null,
          loaded: true,
        }));
      } catch (err) {
        setState((s) => ({ ...s, loading: false, error: serverMessageOf(err) ?? 'Failed to load players' }));
      }
    },
    [slug],
  );

  useEffect(() => {
    void load(null);
  }, [load, version]);

  return (
    <section className={sectionClass} aria-labelledby="game-players-heading">
      <h2 id="game-players-heading" className={headingClass}>
        Players
      </h2>
      {state.loaded && state.players.length === 0 && <p className={mutedClass}>No one else plays this yet</p>}
      {state.players.length > 0 && (
        <ul className={listClass} aria-label="Players">
          {state.players.map((p) => (
            <li key={p.user_id}>
              <a className={linkClass} href={`/profile/${encodeURIComponent(p.username)}`}>
                <Avatar src={p.has_picture ? pictureUrl(p.username) : null} size="sm" />
                <span className={whoClass}>
                  <span className={nameClass}>{p.username}</span>
                  <span className={metaClass}>{GAME_PLATFORM_LABELS[p.platform] ?? p.platform}</span>
                </span>
                {RELATION_LABELS[p.relation] && <span className={badgeClass}>{RELATION_LABELS[p.relation]}</span>}
              </a>
            </li>
          ))}
        </ul>
      )}
      {state.loading && <Spinner size="sm" label="Loading players" />}
      {state.error && <Alert>{state.error}</Alert>}
      {!state.loading && (state.error || state.cursor) && (
        <Button variant="outline" size="sm" onClick={() => void load(state.loaded ? state.cursor : null)}>
          {state.error ? 'Try again' : 'Show more'}
        </Button>
      )}
    </section>
  );
}
