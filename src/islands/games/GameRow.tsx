/**
 * NOTE: one game in the games index's lists ('Most played', search results): an <li> whose whole row opens the
 * game's page (the link is the name; its hit area is stretched over the row), with its genres, 'You play this'
 * when `yours`, and the player count when given. Put rows in a list styled with `gameListClass`.
 */
import { css } from '../../../styled-system/css';
import type { GameSummary } from '../../shared/game-types.ts';
import { GAME_GENRE_LABELS } from '../../shared/game-values.ts';
import { playersText } from '../../stores/games/shared-text.ts';
import { Icon } from '../../ui/Icon.tsx';
import { chipClass } from '../../ui/chip-styles.ts';

export { cardListClass as gameListClass } from '../../ui/list-styles.ts';

const rowClass = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: { base: '5', sm: '6' },
  py: '3',
  _hover: { bg: 'bg.subtle' },
});
const rankClass = css({
  flexShrink: 0,
  minW: '6',
  textAlign: 'right',
  fontWeight: 'bold',
  color: 'fg.muted',
  fontVariantNumeric: 'tabular-nums',
});
const bodyClass = css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' });
const linkClass = css({
  fontWeight: 'semibold',
  color: 'inherit',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  outline: 'none',
  // The whole row is the link's hit area; the focus ring follows it.
  '&::after': { content: '""', position: 'absolute', inset: '0' },
  '&:focus-visible::after': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
});
const metaClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' });
const countClass = css({
  flexShrink: 0,
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  whiteSpace: 'nowrap',
  textAlign: 'right',
});

type Props = { game: GameSummary; rank?: number; players?: number; yours?: boolean };

export function GameRow({ game, rank, players, yours = false }: Props) {
  const genres = game.genres.map((g) => GAME_GENRE_LABELS[g] ?? g).join(' · ');
  return (
    <li className={rowClass}>
      {rank !== undefined && (
        <span className={rankClass} aria-hidden="true">
          {rank}
        </span>
      )}
      <span className={bodyClass}>
        <a className={linkClass} href={`/games/${encodeURIComponent(game.slug)}`}>
          {game.name}
        </a>
        {(genres || yours) && (
          <span className={metaClass}>
            {genres && <span>{genres}</span>}
            {yours && (
              <span className={chipClass}>
                <Icon name="check" />
                You play this
              </span>
            )}
          </span>
        )}
      </span>
      {players !== undefined && <span className={countClass}>{playersText(players)}</span>}
    </li>
  );
}
