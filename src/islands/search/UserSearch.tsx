/**
 * NOTE: the /search page's island (spec §2 "Search", §5, §8). The query lives in the URL (?q=, replaced as the
 * person types, so Back from a profile returns to the same results); the page passes it in as `initialQuery`.
 * The game and platform filters live there too (?game=, ?platform=); with one set the text may be empty.
 */
import { useEffect, useRef, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { pictureUrl } from '../../client/pictures.ts';
import type { GameRef } from '../../shared/game-types.ts';
import { USERNAME_MAX } from '../../shared/schemas/fields.ts';
import type { GamePlatform } from '../../shared/game-values.ts';
import { fetchGame } from '../../stores/games/games-api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { panelListClass } from '../../ui/list-styles.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { SearchFilters } from './SearchFilters.tsx';
import { QUERY_PARAM, useUserSearch, type SearchState } from './use-user-search.ts';
import { plural } from '../../shared/plural.ts';
import { SearchField } from '../../ui/SearchField.tsx';

const wrapClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const listClass = cx(panelListClass, css({ transition: 'opacity 150ms', '&[aria-busy=true]': { opacity: 0.6 } }));
const linkClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '4',
  py: '3',
  color: 'inherit',
  fontWeight: 'medium',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
});
const messageClass = css({ color: 'fg.muted', px: '1' });
const spinnerRowClass = css({ display: 'flex', justifyContent: 'center', py: '2' });
const srOnly = css({ srOnly: true });

function announce(state: SearchState): string {
  if (state.status === 'done') return state.users.length === 0 ? 'No users found' : `${plural(state.users.length, 'user')} found`;
  return '';
}

type Props = { initialQuery?: string; initialGame?: string | null; initialPlatform?: GamePlatform | null };

export default function UserSearch({ initialQuery = '', initialGame = null, initialPlatform = null }: Props) {
  const [query, setQuery] = useState(initialQuery);
  const [skipPause, setSkipPause] = useState(true);
  const [game, setGame] = useState<GameRef | null>(initialGame ? { slug: initialGame, name: initialGame } : null);
  const [platform, setPlatform] = useState<GamePlatform | null>(initialPlatform);
  const state = useUserSearch(query, skipPause, { game: game?.slug ?? null, platform });
  const inputRef = useRef<HTMLInputElement>(null);

  // A game restored from the address is shown by its name once the catalogue answers.
  useEffect(() => {
    if (!initialGame) return;
    let live = true;
    fetchGame(initialGame).then(
      ({ game: found }) => live && setGame((g) => (g?.slug === initialGame ? { slug: initialGame, name: found.name } : g)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [initialGame]);

  // The box is uncontrolled so hydration leaves alone what was typed before the script ran; pick that up here.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed !== initialQuery) {
      setSkipPause(false);
      setQuery(typed);
    }
  }, [initialQuery]);

  // Replace (not push) the URL, keeping the router's history state: one entry per visit, not per keystroke.
  useEffect(() => {
    const url = new URL(window.location.href);
    const q = query.trim();
    if (q) url.searchParams.set(QUERY_PARAM, q);
    else url.searchParams.delete(QUERY_PARAM);
    if (game) url.searchParams.set('game', game.slug);
    else url.searchParams.delete('game');
    if (platform) url.searchParams.set('platform', platform);
    else url.searchParams.delete('platform');
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [query, game, platform]);

  const users = state.status === 'loading' || state.status === 'done' ? state.users : [];
  return (
    <div className={wrapClass}>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSkipPause(true);
        }}
      >
        <SearchField
          label="Search by username"
          name={QUERY_PARAM}
          inputRef={inputRef}
          defaultValue={initialQuery}
          placeholder="Search by username..."
          maxLength={USERNAME_MAX}
          autoCapitalize="none"
          onChange={(e) => {
            setSkipPause(false);
            setQuery(e.target.value);
          }}
        />
      </form>
      <SearchFilters
        game={game}
        platform={platform}
        onGame={(g) => {
          setSkipPause(true);
          setGame(g);
        }}
        onPlatform={(p) => {
          setSkipPause(true);
          setPlatform(p);
        }}
      />
      {state.status === 'loading' && (
        <div className={spinnerRowClass}>
          <Spinner size="sm" label="Searching" />
        </div>
      )}
      {state.status === 'error' && <Alert>Failed to fetch search results</Alert>}
      {/* One live region: visible for 'No users found', a count for screen readers otherwise. */}
      <p className={state.status === 'done' && users.length === 0 ? messageClass : srOnly} role="status">
        {announce(state)}
      </p>
      {users.length > 0 && (
        <ul className={listClass} aria-label="Search results" aria-busy={state.status === 'loading'}>
          {users.map((u) => (
            <li key={u.user_id}>
              <a className={linkClass} href={`/profile/${encodeURIComponent(u.username)}`}>
                <Avatar src={u.has_picture ? pictureUrl(u.username) : null} />
                <span>{u.username}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
