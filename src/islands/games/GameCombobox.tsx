/**
 * NOTE: a game picker: the app's Combobox (src/ui, Ark UI) over the catalogue search. Rules for callers:
 * - `onPick(game)` receives the chosen game; the box empties itself afterwards. `exclude` hides slugs already
 *   chosen; `preferred` (e.g. the person's own games) are listed first, filtered by the typed text, each tagged
 *   `preferredTag`. `tagOf(game)` tags the other games (e.g. with their address, where names may repeat).
 * - `onAdd(name)`, when given, adds an 'Add "{typed}" as a new game' option whenever no game has exactly that
 *   name; it resolves with the game to pick or the message to show.
 * - Keyboard: Down/Up open the list and move through it, Enter picks (never submits the form), Escape closes the
 *   list (not the dialog around it), Tab leaves. A click or typing opens it; a click elsewhere closes it.
 */
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import type { GameSummary } from '../../shared/game-types.ts';
import { gameNameKey } from '../../shared/game-values.ts';
import { Combobox, comboboxNoteClass, type ComboboxItem } from '../../ui/Combobox.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useGameSearch } from './use-game-search.ts';

const errorClass = css({ color: 'error.text', fontSize: 'sm' });
const wrapClass = css({ display: 'flex', flexDirection: 'column', gap: '1.5' });

// A slug is lowercase letters, digits and dashes, so this value never names a game.
const ADD_VALUE = '+add';
type Option = ComboboxItem & { game?: GameSummary; name?: string };

type Props = {
  label: string;
  placeholder?: string;
  exclude?: ReadonlySet<string>;
  preferred?: GameSummary[];
  preferredTag?: string;
  tagOf?: (game: GameSummary) => string;
  disabled?: boolean;
  onPick: (game: GameSummary) => void;
  onAdd?: (name: string) => Promise<GameSummary | string>;
};

export function GameCombobox({ label, placeholder, exclude, preferred = [], preferredTag, tagOf, disabled, onPick, onAdd }: Props) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const search = useGameSearch(text, open);

  const typed = gameNameKey(text);
  const mine = preferred.filter((g) => !exclude?.has(g.slug) && (!typed || gameNameKey(g.name).includes(typed)));
  const seen = new Set(mine.map((g) => g.slug));
  const found = search.games.filter((g) => !exclude?.has(g.slug) && !seen.has(g.slug));
  const options: Option[] = [
    ...mine.map((game) => ({ value: game.slug, label: game.name, tag: preferredTag ?? tagOf?.(game), game })),
    ...found.map((game) => ({ value: game.slug, label: game.name, tag: tagOf?.(game), game })),
  ];
  const exact = [...preferred, ...search.games].some((g) => gameNameKey(g.name) === typed);
  if (onAdd && typed && !exact && !search.loading && search.query === text.trim())
    options.push({ value: ADD_VALUE, label: `Add "${text.trim()}" as a new game`, name: text.trim() });

  function picked(game: GameSummary) {
    onPick(game);
    setText('');
    setOpen(false);
  }

  async function choose(option: Option) {
    setProblem(null);
    if (option.game) return picked(option.game);
    if (!onAdd || !option.name) return;
    setAdding(true);
    const answer = await onAdd(option.name);
    setAdding(false);
    if (typeof answer === 'string') setProblem(answer);
    else picked(answer);
  }

  return (
    <div className={wrapClass}>
      <Combobox
        label={label}
        placeholder={placeholder}
        disabled={disabled || adding}
        items={options}
        inputValue={text}
        onInputValueChange={setText}
        open={open}
        onOpenChange={setOpen}
        onSelect={(option) => void choose(option)}
      >
        {search.loading && options.length === 0 && (
          <div className={comboboxNoteClass} role="presentation">
            <Spinner size="sm" label="Searching games" />
          </div>
        )}
        {!search.loading && search.error && (
          <div className={comboboxNoteClass} role="presentation">
            {search.error}
          </div>
        )}
        {!search.loading && !search.error && options.length === 0 && search.query !== null && (
          <div className={comboboxNoteClass} role="presentation">
            No games found
          </div>
        )}
      </Combobox>
      {problem && <p className={errorClass}>{problem}</p>}
    </div>
  );
}
