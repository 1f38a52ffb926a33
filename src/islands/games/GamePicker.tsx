/**
 * A game field (the upload dialog's optional game, a looking-for-group post's game): a game picker listing the
 * person's own games first ('Your game'), then the catalogue. The chosen game shows with a remove button; `value`
 * null means no game.
 */
import { useEffect, useState } from 'react';
import type { GameRef, GameSummary } from '../../shared/game-types.ts';
import { loadMyGames } from '../../stores/games/my-games.ts';
import { ChosenGame } from './ChosenGame.tsx';
import { GameCombobox } from './GameCombobox.tsx';

type Props = { value: GameRef | null; onChange: (game: GameRef | null) => void; label?: string; placeholder?: string };

export function GamePicker({ value, onChange, label = 'Game (optional)', placeholder = 'Which game is this from?' }: Props) {
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

  if (value) return <ChosenGame label="Game" name={value.name} removeLabel={`Remove game ${value.name}`} onRemove={() => onChange(null)} />;
  return (
    <GameCombobox
      label={label}
      placeholder={placeholder}
      preferred={mine}
      preferredTag="Your game"
      onPick={(g) => onChange({ slug: g.slug, name: g.name })}
    />
  );
}
