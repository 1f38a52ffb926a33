/**
 * NOTE: the 'Details' tab: name, description, who can join, rules (one per line) and up to five games. Only what
 * changed is sent (the mod log lists it); the shared editCommunitySchema decides what is valid first. The slug
 * stays, so links keep working. Below, the icon and banner (PicturesCard). For the owner, a danger card deletes the community (DeleteCommunityDialog, loaded
 * on first open).
 */
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { css, cx } from '../../../../styled-system/css';
import { card } from '../../../../styled-system/recipes';
import { serverMessageOf } from '../../../client/api.ts';
import { COMMUNITY_GAMES_MAX } from '../../../shared/community-values.ts';
import type { GameRef } from '../../../shared/game-types.ts';
import { firstIssue } from '../../../shared/schemas/auth.ts';
import { editCommunitySchema, type CommunityEdit } from '../../../shared/schemas/communities.ts';
import { editCommunity } from '../../../stores/communities/community-settings-api.ts';
import { toast } from '../../../stores/toasts.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { lazyOnOpen } from '../../../ui/lazy-on-open.tsx';
import { GameCombobox } from '../../games/GameCombobox.tsx';
import { CommunityFields, type CommunityFieldValues } from '../CommunityFields.tsx';
import { GameChips } from '../GameChips.tsx';
import { rulesFromText, rulesToText } from '../rules-text.ts';
import type { DeleteCommunityDialogProps } from './DeleteCommunityDialog.tsx';
import type { SettingsPanelProps } from './panel-props.ts';
import { PicturesCard } from './PicturesCard.tsx';

const DeleteCommunityDialog = lazyOnOpen<DeleteCommunityDialogProps>(() => import('./DeleteCommunityDialog.tsx').then((m) => m.default));
const columnClass = css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '2xl' });
const formClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '4' }));
const footClass = css({ display: 'flex', justifyContent: 'flex-end' });
const dangerClass = cx(
  card(),
  css({ borderWidth: '1px', borderColor: 'secondary.text', display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' }),
);
const dangerTitleClass = css({ fontSize: 'lg', fontWeight: 'semibold', color: 'secondary.text' });
const mutedClass = css({ color: 'fg.muted', fontSize: 'sm' });

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function DetailsPanel({ community, onChanged }: SettingsPanelProps) {
  const [fields, setFields] = useState<CommunityFieldValues>({
    name: community.name,
    description: community.description,
    visibility: community.visibility,
    rules: rulesToText(community.rules),
  });
  const [games, setGames] = useState<GameRef[]>(community.games);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  function changes(): CommunityEdit {
    const { name, description, visibility, rules } = fields;
    const ruleList = rulesFromText(rules);
    const slugs = games.map((g) => g.slug);
    return {
      name: name !== community.name ? name : undefined,
      description: description !== community.description ? description : undefined,
      visibility: visibility !== community.visibility ? visibility : undefined,
      rules: sameList(ruleList, community.rules) ? undefined : ruleList,
      games: sameList(
        slugs,
        community.games.map((g) => g.slug),
      )
        ? undefined
        : slugs,
    };
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(editCommunitySchema, changes());
    if (!parsed.success) return setError(firstIssue(parsed.issues));
    setBusy(true);
    setError(null);
    try {
      await editCommunity(community.slug, parsed.output);
      toast.success('Community updated');
      onChanged();
    } catch (err) {
      setError(serverMessageOf(err) ?? 'Saving failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const full = games.length >= COMMUNITY_GAMES_MAX;
  return (
    <div className={columnClass}>
      <form className={formClass} noValidate onSubmit={(e) => void save(e)} aria-label="Community details">
        {error && <Alert>{error}</Alert>}
        <CommunityFields value={fields} onChange={(patch) => setFields((f) => ({ ...f, ...patch }))} disabled={busy} rows={4} />
        <GameCombobox
          label="Games"
          placeholder={full ? `At most ${COMMUNITY_GAMES_MAX} games` : 'Search games...'}
          exclude={new Set(games.map((g) => g.slug))}
          disabled={busy || full}
          onPick={(game) =>
            setGames((list) => (list.length >= COMMUNITY_GAMES_MAX ? list : [...list, { slug: game.slug, name: game.name }]))
          }
        />
        {games.length > 0 ? (
          <GameChips games={games} onRemove={(slug) => setGames((list) => list.filter((g) => g.slug !== slug))} disabled={busy} />
        ) : (
          <p className={mutedClass}>No games yet.</p>
        )}
        <div className={footClass}>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
      <PicturesCard community={community} onChanged={onChanged} />
      {community.my_role === 'owner' && (
        <section className={dangerClass} aria-labelledby="delete-community-title">
          <h2 id="delete-community-title" className={dangerTitleClass}>
            Delete community
          </h2>
          <p className={mutedClass}>Remove this community with its posts, channels and messages, for everyone. This cannot be undone.</p>
          <Button palette="secondary" onClick={() => setDeleting(true)}>
            <Icon name="trash" />
            Delete community
          </Button>
          <DeleteCommunityDialog open={deleting} onOpenChange={setDeleting} community={community} />
        </section>
      )}
    </div>
  );
}
