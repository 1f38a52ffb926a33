/**
 * NOTE: a game picker: a text box (role combobox) with a list of catalogue matches under it. Rules for callers:
 * - `onPick(game)` receives the chosen game; the box empties itself afterwards. `exclude` hides slugs already
 *   chosen; `preferred` (e.g. the person's own games) are listed first, filtered by the typed text.
 * - `onAdd(name)`, when given, adds an 'Add "{typed}" as a new game' option whenever no game has exactly that
 *   name; it resolves with the game to pick or the message to show.
 * - Keyboard: Down/Up open the list and move through it, Enter picks, Escape closes the list (not the dialog around
 *   it), Tab leaves. A click or typing opens it; a click elsewhere closes it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { css, cx } from '../../../styled-system/css';
import { field } from '../../../styled-system/recipes';
import type { GameSummary } from '../../shared/game-types.ts';
import { gameNameKey } from '../../shared/schemas/games.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useGameSearch } from './use-game-search.ts';

// The list sits in the flow under the box (not floating): inside a scrolling dialog body a floating list would be
// clipped by the body's edge.
const wrapClass = css({ position: 'relative' });
const listClass = css({
  maxH: '15rem',
  overflowY: 'auto',
  listStyle: 'none',
  m: '0',
  py: '1',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  boxShadow: 'lg',
});
const optionClass = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '2',
  px: '3',
  py: '2',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  '&[data-active=true]': { bg: 'bg.subtle', color: 'fg.default' },
  _hover: { bg: 'bg.subtle' },
});
const noteClass = css({ px: '3', py: '2', color: 'fg.muted', fontSize: 'sm' });
const tagClass = css({ color: 'fg.muted', fontSize: 'xs', flexShrink: 0, alignSelf: 'center' });
const errorClass = css({ color: 'error.text', fontSize: 'sm' });

type Option = { kind: 'game'; game: GameSummary; tag?: string } | { kind: 'add'; name: string };

type Props = {
  label: string;
  placeholder?: string;
  exclude?: ReadonlySet<string>;
  preferred?: GameSummary[];
  preferredTag?: string;
  disabled?: boolean;
  onPick: (game: GameSummary) => void;
  onAdd?: (name: string) => Promise<GameSummary | string>;
};

export function GameCombobox({ label, placeholder, exclude, preferred = [], preferredTag, disabled, onPick, onAdd }: Props) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const search = useGameSearch(text, open);
  const id = useId();
  const classes = field();
  const wrapRef = useRef<HTMLDivElement>(null);

  // Closed by a click elsewhere once that click is done (not on blur): the list is in the flow, and closing it
  // while the mouse button is down would move the clicked button from under the pointer.
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [open]);

  const typed = gameNameKey(text);
  const mine = preferred.filter((g) => !exclude?.has(g.slug) && (!typed || gameNameKey(g.name).includes(typed)));
  const seen = new Set(mine.map((g) => g.slug));
  const found = search.games.filter((g) => !exclude?.has(g.slug) && !seen.has(g.slug));
  const options: Option[] = [
    ...mine.map((game): Option => ({ kind: 'game', game, tag: preferredTag })),
    ...found.map((game): Option => ({ kind: 'game', game })),
  ];
  const exact = [...preferred, ...search.games].some((g) => gameNameKey(g.name) === typed);
  if (onAdd && typed && !exact && !search.loading && search.query === text.trim()) options.push({ kind: 'add', name: text.trim() });
  const current = Math.min(active, options.length - 1);

  async function choose(option: Option) {
    setProblem(null);
    if (option.kind === 'game') {
      onPick(option.game);
      setText('');
      setOpen(false);
      return;
    }
    if (!onAdd) return;
    setAdding(true);
    const answer = await onAdd(option.name);
    setAdding(false);
    if (typeof answer === 'string') setProblem(answer);
    else {
      onPick(answer);
      setText('');
      setOpen(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (options.length ? (Math.max(0, Math.min(a, options.length - 1)) + step + options.length) % options.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault(); // never submits the form around it
      if (open && options[current]) void choose(options[current]);
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const showList = open && !disabled;

  return (
    <div ref={wrapRef} className={cx(classes.root, wrapClass)}>
      <label htmlFor={`${id}-input`} className={classes.label}>
        {label}
      </label>
      <input
        id={`${id}-input`}
        className={classes.input}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && options[current] ? optionId(current) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={text}
        disabled={disabled || adding}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {problem && <p className={errorClass}>{problem}</p>}
      {showList && (
        <ul id={listId} role="listbox" aria-label={label} className={listClass}>
          {options.map((option, i) => (
            <li
              key={option.kind === 'game' ? option.game.slug : 'add'}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              data-active={i === current}
              className={optionClass}
              // Keep focus in the box: a click must not blur it (which would close the list first).
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => void choose(option)}
            >
              {option.kind === 'game' ? (
                <>
                  <span>{option.game.name}</span>
                  {option.tag && <span className={tagClass}>{option.tag}</span>}
                </>
              ) : (
                <span>Add "{option.name}" as a new game</span>
              )}
            </li>
          ))}
          {search.loading && options.length === 0 && (
            <li className={noteClass} role="presentation">
              <Spinner size="sm" label="Searching games" />
            </li>
          )}
          {!search.loading && search.error && (
            <li className={noteClass} role="presentation">
              {search.error}
            </li>
          )}
          {!search.loading && !search.error && options.length === 0 && search.query !== null && (
            <li className={noteClass} role="presentation">
              No games found
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
