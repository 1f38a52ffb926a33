/**
 * The /search filters: a game (picked from the catalogue; shown with a remove button once chosen) and a platform
 * ('Any platform' or one of the game platforms). Either one lets the search run without text.
 */
import { css } from '../../../styled-system/css';
import type { GameRef } from '../../shared/game-types.ts';
import { GAME_PLATFORM_LABELS, GAME_PLATFORMS, type GamePlatform } from '../../shared/game-values.ts';
import { SelectField } from '../../ui/SelectField.tsx';
import { ChosenGame } from '../games/ChosenGame.tsx';
import { GameCombobox } from '../games/GameCombobox.tsx';

const rowClass = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 12rem' }, gap: '3', alignItems: 'start' });
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
        <ChosenGame label="Plays" name={game.name} removeLabel={`Remove game filter ${game.name}`} onRemove={() => onGame(null)} />
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
