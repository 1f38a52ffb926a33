/**
 * The 'Games' tab of /moderation: pick a game (a game picker showing each game's address), rename it, or merge it
 * into another game picked the same way. Old slugs keep answering (the server keeps them as aliases), so nothing
 * here breaks a shared link. A merge asks first.
 */
import { type SubmitEvent, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { GameSummary } from '../../shared/game-types.ts';
import { GAME_NAME_MAX } from '../../shared/game-values.ts';
import { serverMessageOf } from '../../client/api.ts';
import { mergeGame, renameGame } from '../../stores/moderation/moderation.ts';
import { toast } from '../../stores/toasts.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { GameCombobox } from '../games/GameCombobox.tsx';

const stackClass = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '2xl' });
const formClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: '3',
  '& > :first-child': { flex: '1', minW: '56' },
});
const mutedClass = css({ color: 'fg.muted' });
const selectedClass = css({ fontWeight: 'semibold', overflowWrap: 'anywhere' });
const slugTag = (game: GameSummary) => `/games/${game.slug}`;

export function GamesPanel() {
  const [selected, setSelected] = useState<GameSummary | null>(null);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState(false);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [mergeInto, setMergeInto] = useState<GameSummary | null>(null);

  function choose(game: GameSummary) {
    setSelected(game);
    setName(game.name);
    setRenameError(null);
  }

  async function rename(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!selected) return;
    setRenaming(true);
    setRenameError(null);
    try {
      const done = await renameGame(selected.slug, name);
      choose(done.game);
      toast.success(done.message);
    } catch (err) {
      setRenameError(serverMessageOf(err) ?? 'Could not rename the game. Please try again.');
    } finally {
      setRenaming(false);
    }
  }

  async function merge(): Promise<null> {
    const done = await mergeGame(selected!.slug, mergeInto!.slug);
    choose(done.game);
    setMergeInto(null);
    toast.success(done.message);
    return null;
  }

  return (
    <div className={stackClass}>
      <GameCombobox label="Find a game" placeholder="Search games..." tagOf={slugTag} onPick={choose} />
      {selected && (
        <p>
          Selected: <span className={selectedClass}>{selected.name}</span> <span className={mutedClass}>{slugTag(selected)}</span>
        </p>
      )}
      {selected && (
        <form className={formClass} onSubmit={(e) => void rename(e)} aria-label={`Rename ${selected.name}`}>
          <TextField
            label={`New name for ${selected.name}`}
            value={name}
            maxLength={GAME_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            required
          />
          <Button type="submit" disabled={renaming || name.trim() === ''}>
            {renaming ? 'Renaming...' : 'Rename'}
          </Button>
        </form>
      )}
      {renameError && <Alert>{renameError}</Alert>}
      {selected && (
        <GameCombobox
          label={`Merge ${selected.name} into`}
          placeholder="Find the game to keep..."
          exclude={new Set([selected.slug])}
          tagOf={slugTag}
          onPick={setMergeInto}
        />
      )}
      <ConfirmDialog
        open={mergeInto !== null}
        onOpenChange={(open) => !open && setMergeInto(null)}
        title="Merge games?"
        confirmLabel="Merge"
        busyLabel="Merging..."
        onConfirm={merge}
      >
        <p>
          {selected?.name} goes away: its players and posts move to {mergeInto?.name}, and its links open {mergeInto?.name}. It cannot be
          undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
