/**
 * The 'Games' tab of /moderation: find a game, rename it, or merge it into another found the same way. Old slugs
 * keep answering (the server keeps them as aliases), so nothing here breaks a shared link. A merge asks first.
 */
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { GameSummary } from '../../shared/game-types.ts';
import { GAME_NAME_MAX } from '../../shared/schemas/games.ts';
import { serverMessageOf } from '../../client/api.ts';
import { mergeGame, renameGame, searchGames } from '../../stores/moderation.ts';
import { toast } from '../../stores/toasts.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { panelListClass } from '../../ui/list-styles.ts';
import { TextField } from '../../ui/TextField.tsx';

const stackClass = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '2xl' });
const rowClass = css({ px: '4', py: '3', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });
const nameClass = css({ flex: '1', minW: '40', overflowWrap: 'anywhere' });
const slugClass = css({ display: 'block', fontSize: 'sm', color: 'fg.muted' });
const formClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: '3',
  '& > :first-child': { flex: '1', minW: '56' },
});
const mutedClass = css({ color: 'fg.muted' });

export function GamesPanel() {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<GameSummary[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [selected, setSelected] = useState<GameSummary | null>(null);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState(false);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [mergeInto, setMergeInto] = useState<GameSummary | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      searchGames(query.trim())
        .then((found) => live && (setResults(found.games), setFailed(null)))
        .catch((err: unknown) => live && setFailed(serverMessageOf(err) ?? 'Could not search the games. Please try again.'));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, round]);

  function choose(game: GameSummary) {
    setSelected(game);
    setName(game.name);
    setRenameError(null);
  }

  async function rename(event: React.FormEvent) {
    event.preventDefault();
    if (!selected) return;
    setRenaming(true);
    setRenameError(null);
    try {
      const done = await renameGame(selected.slug, name);
      choose(done.game);
      setRound((n) => n + 1);
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
    setRound((n) => n + 1);
    toast.success(done.message);
    return null;
  }

  return (
    <div className={stackClass}>
      <TextField label="Find a game" type="search" value={query} maxLength={80} onChange={(e) => setQuery(e.target.value)} />
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
      {selected && <p className={mutedClass}>To merge {selected.name} into another game, find that game and choose 'Merge into this'.</p>}
      {failed && <Alert>{failed}</Alert>}
      {results && results.length === 0 && <p className={mutedClass}>No games match.</p>}
      {results && results.length > 0 && (
        <ul className={panelListClass} aria-label="Games found">
          {results.map((game) => (
            <li key={game.slug} className={rowClass}>
              <span className={nameClass}>
                {game.name}
                <span className={slugClass}>/games/{game.slug}</span>
              </span>
              {selected?.slug === game.slug ? (
                <span className={mutedClass}>Selected</span>
              ) : (
                <>
                  <Button variant="outline" size="sm" onClick={() => choose(game)} aria-label={`Select ${game.name}`}>
                    Select
                  </Button>
                  {selected && (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setMergeInto(game)}
                      aria-label={`Merge ${selected.name} into ${game.name}`}
                    >
                      Merge into this
                    </Button>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
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
