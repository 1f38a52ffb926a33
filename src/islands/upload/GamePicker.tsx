/**
 * The upload dialog's optional game: a game picker listing the person's own games first ('Your game'), then the
 * catalogue. The chosen game shows with a remove button; `value` null means no game.
 */
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { iconButton } from '../../../styled-system/recipes';
import type { GameRef, GameSummary } from '../../shared/game-types.ts';
import { loadMyGames } from '../../stores/games/my-games.ts';
import { Icon } from '../../ui/Icon.tsx';
import { GameCombobox } from '../games/GameCombobox.tsx';

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

type Props = { value: GameRef | null; onChange: (game: GameRef | null) => void };

export function GamePicker({ value, onChange }: Props) {
  const [mine, setMine] = useState<GameSummary[]>([]);

  useEffect(() => {
    let live = true;
    loadMyGames().then(
      (games) => live && setMine(games.map((g) => ({ slug: g.slug, name: g.name, genres: g.genres, platforms: [g.platform] }))),
      () => undefined, // the catalogue search still works without them
    );
    return () => {
      live = false;
    };
  }, []);

  if (value)
    return (
      <div className={chosenClass}>
        <span className={labelClass}>Game</span>
        <span className={chipClass}>
          {value.name}
          <button type="button" className={iconButton()} aria-label={`Remove game ${value.name}`} onClick={() => onChange(null)}>
            <Icon name="close" />
          </button>
        </span>
      </div>
    );
  return (
    <GameCombobox
      label="Game (optional)"
      placeholder="Which game is this from?"
      preferred={mine}
      preferredTag="Your game"
      onPick={(g) => onChange({ slug: g.slug, name: g.name })}
    />
  );
}
