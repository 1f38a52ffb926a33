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

import { linkRowClass, rowBodyClass, rowLinkClass, rowMetaClass } from '../../ui/list-styles.ts';

export { cardListClass as gameListClass } from '../../ui/list-styles.ts';

const rankClass = css({
  flexShrink: 0,
  minW: '6',
  textAlign: 'right',
  fontWeight: 'bold',
  color: 'fg.muted',
  fontVariantNumeric: 'tabular-nums',
});
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
    <li className={linkRowClass}>
      {rank !== undefined && (
        <span className={rankClass} aria-hidden="true">
          {rank}
        </span>
      )}
      <span className={rowBodyClass}>
        <a className={rowLinkClass} href={`/games/${encodeURIComponent(game.slug)}`}>
          {game.name}
        </a>
        {(genres || yours) && (
          <span className={rowMetaClass}>
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
