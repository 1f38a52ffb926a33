/** A community's games as chips, each with a button that removes it (the create dialog and the settings). */
import { css } from '../../../styled-system/css';
import type { GameRef } from '../../shared/game-types.ts';
import { chipClass } from '../../ui/chip-styles.ts';
import { Icon } from '../../ui/Icon.tsx';

const listClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm', listStyle: 'none', p: '0' });
const removeClass = css({
  display: 'inline-grid',
  placeItems: 'center',
  cursor: 'pointer',
  bg: 'transparent',
  border: '0',
  color: 'inherit',
  p: '0',
});

export function GameChips({ games, onRemove, disabled }: { games: GameRef[]; onRemove: (slug: string) => void; disabled?: boolean }) {
  return (
    <ul className={listClass} aria-label="Games">
      {games.map((game) => (
        <li key={game.slug} className={chipClass}>
          {game.name}
          <button
            type="button"
            className={removeClass}
            aria-label={`Remove ${game.name}`}
            onClick={() => onRemove(game.slug)}
            disabled={disabled}
          >
            <Icon name="close" />
          </button>
        </li>
      ))}
    </ul>
  );
}
