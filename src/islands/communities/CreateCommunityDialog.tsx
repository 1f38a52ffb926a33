/**
 * NOTE: 'Create community': name, description, who can join, rules (one per line) and, when opened from a game's
 * page, that game (removable). The shared newCommunitySchema decides what is valid (its first message shows; nothing
 * is sent); the new community's page opens on success.
 */
import { useState } from 'react';
import * as v from 'valibot';
import { css } from '../../../styled-system/css';
import type { GameRef } from '../../shared/game-types.ts';
import { firstIssue } from '../../shared/schemas/auth.ts';
import { newCommunitySchema } from '../../shared/schemas/communities.ts';
import { createCommunity } from '../../stores/communities/communities-api.ts';
import { communityPath } from '../../shared/paths.ts';
import { Alert } from '../../ui/Alert.tsx';
import { FormDialogFooter } from '../../ui/FormDialogFooter.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useFormDialog } from '../../ui/use-form-dialog.ts';
import { CommunityFields, type CommunityFieldValues } from './CommunityFields.tsx';
import { GameChips } from './GameChips.tsx';
import { rulesFromText } from './rules-text.ts';

const FORM_ID = 'create-community-form';
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const gamesClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' });
const EMPTY: CommunityFieldValues = { name: '', description: '', visibility: 'public', rules: '' };

type Props = { open: boolean; onOpenChange: (open: boolean) => void; game?: GameRef | null };

async function open(slug: string): Promise<void> {
  const { navigate } = await import('astro:transitions/client');
  await navigate(communityPath(slug));
}

export function CreateCommunityDialog({ open: isOpen, onOpenChange, game = null }: Props) {
  const [fields, setFields] = useState<CommunityFieldValues>(EMPTY);
  const [withGame, setWithGame] = useState(true);
  const { error, busy, onSubmit } = useFormDialog({
    open: isOpen,
    onOpenChange,
    reset: () => {
      setFields(EMPTY);
      setWithGame(true);
    },
    save: async () => {
      const { name, description, visibility, rules } = fields;
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
        <CommunityFields value={fields} onChange={(patch) => setFields((f) => ({ ...f, ...patch }))} disabled={busy} />
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
