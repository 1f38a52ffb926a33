/**
 * The 'Edit Games' dialog of the own profile: a catalogue search picks up to PROFILE_GAMES_MAX games, each with
 * the platform it is played on and a remove button; 'Add "…" as a new game' adds a missing title to the
 * catalogue. Save replaces the whole list (PUT /profile/games); a failure keeps the dialog open.
 * A game picked here starts on the platform it shares with your gaming handles (the first such), else on none:
 * Save then asks for it instead of guessing.
 */
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { serverMessageOf } from '../../client/api.ts';
import type { GameSummary } from '../../shared/game-types.ts';
import { GAME_PLATFORM_LABELS, GAME_PLATFORMS, type GamePlatform, PROFILE_GAMES_MAX } from '../../shared/game-values.ts';
import { addGame, sortedGames } from '../../stores/games/games-api.ts';
import { saveMyGames } from '../../stores/games/my-games-edits.ts';
import { PLATFORMS } from '../../shared/profile-values.ts';
import { $profile, handleOf } from '../../stores/profiles/profile.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormDialogFooter } from '../../ui/FormDialogFooter.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { iconButton } from '../../../styled-system/recipes';
import { SelectField } from '../../ui/SelectField.tsx';
import { useFormDialog } from '../../ui/use-form-dialog.ts';
import { GameCombobox } from '../games/GameCombobox.tsx';

const FORM_ID = 'edit-games-form';
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const counterClass = css({ color: 'fg.muted', fontSize: 'sm', fontVariantNumeric: 'tabular-nums' });
const listClass = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '2' });
const rowClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr 8.5rem auto', sm: '1fr 10rem auto' },
  gap: '2',
  alignItems: 'end',
  pb: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
});
const nameClass = css({ fontWeight: 'medium', overflowWrap: 'anywhere', alignSelf: 'center' });
const emptyClass = css({ color: 'fg.muted' });
const PLATFORM_OPTIONS = GAME_PLATFORMS.map((p) => ({ value: p, label: GAME_PLATFORM_LABELS[p] }));

/** `platform` is '' until chosen (a new pick with no handle on any of the game's platforms). */
type Chosen = { slug: string; name: string; platform: GamePlatform | '' };

/** The first of the game's platforms you have a handle on, else none. */
function likelyPlatform(game: GameSummary): GamePlatform | '' {
  const profile = $profile.get();
  return game.platforms.find((p) => PLATFORMS.some((h) => h.id === p && handleOf(profile, h))) ?? '';
}

const current = (): Chosen[] => sortedGames($profile.get().games).map(({ slug, name, platform }) => ({ slug, name, platform }));

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function GamesDialog({ open, onOpenChange }: Props) {
  const [chosen, setChosen] = useState<Chosen[]>(current);
  const [asked, setAsked] = useState(false);
  const full = chosen.length >= PROFILE_GAMES_MAX;
  const { error, busy, onSubmit } = useFormDialog({
    open,
    onOpenChange,
    reset: () => {
      setChosen(current());
      setAsked(false);
    },
    save: () => {
      const unset = chosen.find((g) => g.platform === '');
      if (unset) {
        setAsked(true);
        return Promise.resolve(`Choose the platform you play ${unset.name} on`);
      }
      return saveMyGames(chosen.map(({ slug, platform }) => ({ slug, platform: platform as GamePlatform })));
    },
  });

  function pick(game: GameSummary) {
    setChosen((list) =>
      list.some((g) => g.slug === game.slug) || list.length >= PROFILE_GAMES_MAX
        ? list
        : [...list, { slug: game.slug, name: game.name, platform: likelyPlatform(game) }],
    );
  }

  async function add(name: string): Promise<GameSummary | string> {
    try {
      return (await addGame(name)).game;
    } catch (err) {
      return serverMessageOf(err) ?? 'Could not add the game';
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Games"
      busy={busy}
      footer={<FormDialogFooter formId={FORM_ID} saving={busy} onCancel={() => onOpenChange(false)} />}
    >
      <form id={FORM_ID} className={formClass} noValidate onSubmit={onSubmit}>
        {error && <Alert>{error}</Alert>}
        <GameCombobox
          label="Add a game"
          placeholder={full ? `You can list at most ${PROFILE_GAMES_MAX} games` : 'Search games...'}
          exclude={new Set(chosen.map((g) => g.slug))}
          disabled={busy || full}
          onPick={pick}
          onAdd={add}
        />
        <p className={counterClass} aria-live="polite">
          {chosen.length}/{PROFILE_GAMES_MAX}
        </p>
        {chosen.length === 0 ? (
          <p className={emptyClass}>No games added yet</p>
        ) : (
          <ul className={listClass} aria-label="Your games">
            {chosen.map((game) => (
              <li key={game.slug} className={rowClass}>
                <span className={nameClass}>{game.name}</span>
                <SelectField
                  label="Platform"
                  accessibleName={`Platform for ${game.name}`}
                  options={PLATFORM_OPTIONS}
                  placeholder={game.platform === '' ? 'Choose…' : undefined}
                  invalid={asked && game.platform === ''}
                  value={game.platform}
                  disabled={busy}
                  onChange={(e) =>
                    setChosen((list) => list.map((g) => (g.slug === game.slug ? { ...g, platform: e.target.value as GamePlatform } : g)))
                  }
                />
                <button
                  type="button"
                  className={iconButton()}
                  aria-label={`Remove ${game.name}`}
                  title={`Remove ${game.name}`}
                  disabled={busy}
                  onClick={() => setChosen((list) => list.filter((g) => g.slug !== game.slug))}
                >
                  <Icon name="close" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </form>
    </Dialog>
  );
}
