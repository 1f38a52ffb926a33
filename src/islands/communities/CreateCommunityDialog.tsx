/**
 * NOTE: 'Create community': name, description, who can join, rules (one per line) and, when opened from a game's
 * page, that game (removable). The shared newCommunitySchema decides what is valid (its first message shows; nothing
 * is sent); the new community's page opens on success.
 */
import { useState } from 'react';
import * as v from 'valibot';
import { css } from '../../../styled-system/css';
import {
  COMMUNITY_DESCRIPTION_MAX,
  COMMUNITY_NAME_MAX,
  COMMUNITY_VISIBILITIES,
  COMMUNITY_VISIBILITY_LABELS,
  type CommunityVisibility,
} from '../../shared/community-values.ts';
import type { GameRef } from '../../shared/game-types.ts';
import { firstIssue } from '../../shared/schemas/auth.ts';
import { newCommunitySchema } from '../../shared/schemas/communities.ts';
import { communityPath, createCommunity } from '../../stores/communities/communities-api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { FormDialogFooter } from '../../ui/FormDialogFooter.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFormDialog } from '../../ui/use-form-dialog.ts';
import { GameChips } from './GameChips.tsx';
import { rulesFromText } from './rules-text.ts';

const FORM_ID = 'create-community-form';
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const gamesClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' });
const options = COMMUNITY_VISIBILITIES.map((value) => ({ value, label: COMMUNITY_VISIBILITY_LABELS[value] }));

type Props = { open: boolean; onOpenChange: (open: boolean) => void; game?: GameRef | null };

async function open(slug: string): Promise<void> {
  const { navigate } = await import('astro:transitions/client');
  await navigate(communityPath(slug));
}

export function CreateCommunityDialog({ open: isOpen, onOpenChange, game = null }: Props) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<CommunityVisibility>('public');
  const [rules, setRules] = useState('');
  const [withGame, setWithGame] = useState(true);
  const { error, busy, onSubmit } = useFormDialog({
    open: isOpen,
    onOpenChange,
    reset: () => {
      setName('');
      setDescription('');
      setVisibility('public');
      setRules('');
      setWithGame(true);
    },
    save: async () => {
      const input = {
        name,
        description,
        visibility,
        games: game && withGame ? [game.slug] : [],
        rules: rulesFromText(rules),
      };
      const parsed = v.safeParse(newCommunitySchema, input);
      if (!parsed.success) return firstIssue(parsed.issues);
      const { community } = await createCommunity(input);
      void open(community.slug);
      return null;
    },
  });

  const footer = (
    <FormDialogFooter formId={FORM_ID} saving={busy} onCancel={() => onOpenChange(false)} label="Create" busyLabel="Creating..." />
  );

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange} title="Create community" busy={busy} size="sm" footer={footer}>
      <form id={FORM_ID} className={formClass} noValidate onSubmit={onSubmit}>
        {error && <Alert>{error}</Alert>}
        <TextField
          label="Name"
          name="name"
          value={name}
          maxLength={COMMUNITY_NAME_MAX}
          autoComplete="off"
          required
          onChange={(e) => setName(e.target.value)}
          disabled={busy}
        />
        <TextArea
          label="Description"
          name="description"
          value={description}
          maxLength={COMMUNITY_DESCRIPTION_MAX}
          rows={3}
          onChange={(e) => setDescription(e.target.value)}
          disabled={busy}
        />
        <SelectField
          label="Who can join"
          name="visibility"
          options={options}
          value={visibility}
          onChange={(e) => setVisibility(e.target.value as CommunityVisibility)}
          disabled={busy}
        />
        <TextArea
          label="Rules"
          helper="One rule per line, up to 10."
          name="rules"
          value={rules}
          rows={3}
          onChange={(e) => setRules(e.target.value)}
          disabled={busy}
        />
        {game && withGame && (
          <div className={gamesClass}>
            Game:
            <GameChips games={[game]} onRemove={() => setWithGame(false)} disabled={busy} />
          </div>
        )}
      </form>
    </Dialog>
  );
}
