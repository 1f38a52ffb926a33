/**
 * A profile's games, by name: each links to its game page and shows the platform; on another person's profile
 * the games the viewer plays too are highlighted ('You play this too'). `empty` is the text without games.
 */
import { css } from '../../../styled-system/css';
import type { ProfileGames } from '../../shared/game-types.ts';
import { GAME_PLATFORM_LABELS } from '../../shared/game-values.ts';
import { sortedGames } from '../../stores/games/games-api.ts';
import { Icon } from '../../ui/Icon.tsx';
import { chipClass } from '../../ui/chip-styles.ts';

const listClass = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column' });
const rowClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  columnGap: '3',
  rowGap: '1',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
});
const linkClass = css({
  fontWeight: 'semibold',
  color: 'primary.text',
  overflowWrap: 'anywhere',
  textDecoration: 'none',
  borderRadius: 'sm',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
const metaClass = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' });
const mutedClass = css({ color: 'fg.muted' });

export function ProfileGameList({ games, empty, label }: { games: ProfileGames | Record<string, unknown>; empty: string; label: string }) {
  const list = sortedGames(games);
  if (list.length === 0) return <p className={mutedClass}>{empty}</p>;
  return (
    <ul className={listClass} aria-label={label}>
      {list.map((game) => (
        <li key={game.slug} className={rowClass}>
          <a className={linkClass} href={`/games/${encodeURIComponent(game.slug)}`}>
            {game.name}
          </a>
          <span className={metaClass}>
            {game.shared && (
              <span className={chipClass}>
                <Icon name="check" />
                You play this too
              </span>
            )}
            <span>{GAME_PLATFORM_LABELS[game.platform] ?? game.platform}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
