/**
 * The /search filters: a game (picked from the catalogue; shown with a remove button once chosen) and a platform
 * ('Any platform' or one of the game platforms). Either one lets the search run without text.
 */
import { css } from '../../../styled-system/css';
import { iconButton } from '../../../styled-system/recipes';
import type { GameRef } from '../../shared/game-types.ts';
import { GAME_PLATFORM_LABELS, GAME_PLATFORMS, type GamePlatform } from '../../shared/schemas/games.ts';
import { Icon } from '../../ui/Icon.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { GameCombobox } from '../games/GameCombobox.tsx';

const rowClass = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 12rem' }, gap: '3', alignItems: 'start' });
const chosenClass = css({ display: 'flex', flexDirection: 'column', gap: '1.5' });
const labelClass = css({ fontSize: 'sm', fontWeight: 'medium' });
const chipClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  alignSelf: 'flex-start',
  gap: '1',
  pl: '3',
  borderRadius: 'full',
  bg: 'primary.subtle',
  color: 'primary.text',
  fontWeight: 'semibold',
  maxW: 'full',
  overflowWrap: 'anywhere',
});
const PLATFORM_OPTIONS = GAME_PLATFORMS.map((p) => ({ value: p, label: GAME_PLATFORM_LABELS[p] }));

type Props = {
  game: GameRef | null;
  platform: GamePlatform | null;
  onGame: (game: GameRef | null) => void;
  onPlatform: (platform: GamePlatform | null) => void;
};

export function SearchFilters({ game, platform, onGame, onPlatform }: Props) {
  return (
    <div className={rowClass}>
      {game ? (
        <div className={chosenClass}>
          <span className={labelClass}>Plays</span>
          <span className={chipClass}>
            {game.name}
            <button type="button" className={iconButton()} aria-label={`Remove game filter ${game.name}`} onClick={() => onGame(null)}>
              <Icon name="close" />
            </button>
          </span>
        </div>
      ) : (
        <GameCombobox label="Plays" placeholder="Any game" onPick={(g) => onGame({ slug: g.slug, name: g.name })} />
      )}
      <SelectField
        label="Platform"
        accessibleName="Plays on platform"
        placeholder="Any platform"
        options={PLATFORM_OPTIONS}
        value={platform ?? ''}
        onChange={(e) => onPlatform((e.target.value || null) as GamePlatform | null)}
      />
    </div>
  );
}
