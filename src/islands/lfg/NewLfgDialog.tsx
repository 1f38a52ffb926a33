/**
 * NOTE: 'Post a group': game, platform, title, when (now or a date and time), how long, players wanted, tags,
 * who can see it (everyone, friends, or one of your communities) and a description. The shared newLfgSchema
 * decides what is valid (its first message shows; nothing is sent); the new post's page opens on success.
 * `game` (from a game page) starts the form with that game chosen.
 */
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { css } from '../../../styled-system/css';
import type { CommunityCard } from '../../shared/community-types.ts';
import type { GameRef } from '../../shared/game-types.ts';
import { GAME_PLATFORM_LABELS } from '../../shared/game-values.ts';
import {
  LFG_DESCRIPTION_MAX,
  LFG_PLATFORMS,
  LFG_SLOTS_MAX,
  LFG_TAGS,
  LFG_TAG_LABELS,
  LFG_TITLE_MAX,
  LFG_VISIBILITIES,
  LFG_VISIBILITY_LABELS,
  type LfgPlatform,
  type LfgTag,
  type LfgVisibility,
} from '../../shared/lfg-values.ts';
import { lfgPath } from '../../shared/paths.ts';
import { firstIssue } from '../../shared/schemas/auth.ts';
import { newLfgSchema } from '../../shared/schemas/lfg.ts';
import { myCommunities } from '../../stores/communities/communities-api.ts';
import { postGroup } from '../../stores/lfg/lfg-api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormDialogFooter } from '../../ui/FormDialogFooter.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFormDialog } from '../../ui/use-form-dialog.ts';
import { GamePicker } from '../games/GamePicker.tsx';
import { emptyForm, toInput, type LfgFormValues } from './lfg-form.ts';

const FORM_ID = 'new-lfg-form';
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const pairClass = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '4' });
const tagsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', border: 'none', p: '0', m: '0' });
const legendClass = css({ fontSize: 'sm', fontWeight: 'medium', mb: '1.5' });
const tagClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  px: '3',
  py: '1',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.default',
  fontSize: 'sm',
  cursor: 'pointer',
  '&:has(input:checked)': { bg: 'primary.subtle', color: 'primary.text', borderColor: 'primary.text' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '& input': { accentColor: 'var(--colors-primary-text)' },
});

const platformOptions = LFG_PLATFORMS.map((p) => ({ value: p, label: GAME_PLATFORM_LABELS[p] }));
const visibilityOptions = LFG_VISIBILITIES.map((value) => ({ value, label: LFG_VISIBILITY_LABELS[value] }));
const startOptions = [
  { value: 'now', label: 'Now' },
  { value: 'later', label: 'Later' },
];
const DURATIONS = [30, 60, 90, 120, 180, 240, 360, 480];
const durationOptions = DURATIONS.map((m) => ({
  value: String(m),
  label: m < 60 ? `${m} minutes` : `${m / 60} ${m === 60 ? 'hour' : 'hours'}`,
}));
const slotOptions = Array.from({ length: LFG_SLOTS_MAX }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

type Props = { open: boolean; onOpenChange: (open: boolean) => void; game?: GameRef | null; community?: string | null };

async function openPost(id: number): Promise<void> {
  const { navigate } = await import('astro:transitions/client');
  await navigate(lfgPath(id));
}

export function NewLfgDialog({ open, onOpenChange, game = null, community = null }: Props) {
  const [f, setF] = useState<LfgFormValues>(() => emptyForm(Date.now(), game));
  const [communities, setCommunities] = useState<CommunityCard[]>([]);
  const set = (patch: Partial<LfgFormValues>) => setF((old) => ({ ...old, ...patch }));

  // A fresh form each time it opens (what was typed before is gone); only an opening resets, `game` is applied below.
  useEffect(() => {
    if (!open) return;
    setF({ ...emptyForm(Date.now(), game), ...(community ? { visibility: 'community' as const, community } : {}) });
    myCommunities(null).then(
      (page) => setCommunities(page.communities),
      () => setCommunities([]), // everyone and friends still work
    );
  }, [open]);
  // The game named by the page may arrive after the dialog opened: it fills the field if still empty.
  useEffect(() => {
    if (open && game) setF((old) => (old.game ? old : { ...old, game }));
  }, [open, game]);

  const { error, busy, onSubmit } = useFormDialog({
    open,
    onOpenChange,
    save: async () => {
      const input = toInput(f);
      const parsed = v.safeParse(newLfgSchema, input);
      if (!parsed.success) return firstIssue(parsed.issues);
      const { lfg } = await postGroup(input);
      void openPost(lfg.id);
      return null;
    },
  });

  const toggleTag = (tag: LfgTag) => set({ tags: f.tags.includes(tag) ? f.tags.filter((t) => t !== tag) : [...f.tags, tag] });
  const footer = (
    <FormDialogFooter formId={FORM_ID} saving={busy} onCancel={() => onOpenChange(false)} label="Post" busyLabel="Posting..." />
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Post a group" busy={busy} size="sm" footer={footer}>
      <form id={FORM_ID} className={formClass} noValidate onSubmit={onSubmit}>
        {error && <Alert>{error}</Alert>}
        <GamePicker label="Game" placeholder="What are you playing?" value={f.game} onChange={(g) => set({ game: g })} />
        <TextField
          label="Title"
          name="title"
          value={f.title}
          maxLength={LFG_TITLE_MAX}
          placeholder="Ranked duos, chill raid night..."
          autoComplete="off"
          required
          disabled={busy}
          onChange={(e) => set({ title: e.target.value })}
        />
        <div className={pairClass}>
          <SelectField
            label="Platform"
            name="platform"
            options={platformOptions}
            value={f.platform}
            disabled={busy}
            onChange={(e) => set({ platform: e.target.value as LfgPlatform })}
          />
          <SelectField
            label="Players wanted"
            name="slots"
            options={slotOptions}
            value={String(f.slots)}
            disabled={busy}
            onChange={(e) => set({ slots: Number(e.target.value) })}
          />
        </div>
        <div className={pairClass}>
          <SelectField
            label="Starts"
            name="start"
            options={startOptions}
            value={f.start}
            disabled={busy}
            onChange={(e) => set({ start: e.target.value as 'now' | 'later' })}
          />
          <SelectField
            label="Duration"
            name="duration"
            options={durationOptions}
            value={String(f.duration)}
            disabled={busy}
            onChange={(e) => set({ duration: Number(e.target.value) })}
          />
        </div>
        {f.start === 'later' && (
          <TextField
            label="Date and time"
            name="starts_at"
            type="datetime-local"
            value={f.startsAt}
            required
            disabled={busy}
            onChange={(e) => set({ startsAt: e.target.value })}
          />
        )}
        <fieldset className={tagsClass} disabled={busy}>
          <legend className={legendClass}>Tags</legend>
          {LFG_TAGS.map((tag) => (
            <label key={tag} className={tagClass}>
              <input type="checkbox" checked={f.tags.includes(tag)} onChange={() => toggleTag(tag)} />
              {LFG_TAG_LABELS[tag]}
            </label>
          ))}
        </fieldset>
        <SelectField
          label="Who can see it"
          name="visibility"
          options={visibilityOptions}
          value={f.visibility}
          disabled={busy}
          onChange={(e) => set({ visibility: e.target.value as LfgVisibility })}
        />
        {f.visibility === 'community' && (
          <SelectField
            label="Community"
            name="community"
            placeholder={communities.length === 0 ? 'Join a community first' : 'Choose a community'}
            options={communities.map((c) => ({ value: c.slug, label: c.name }))}
            value={f.community}
            disabled={busy}
            onChange={(e) => set({ community: e.target.value })}
          />
        )}
        <TextArea
          label="Description"
          name="description"
          value={f.description}
          maxLength={LFG_DESCRIPTION_MAX}
          rows={3}
          placeholder="Rank, mode, what you need, how you like to play"
          disabled={busy}
          onChange={(e) => set({ description: e.target.value })}
        />
      </form>
    </Dialog>
  );
}
