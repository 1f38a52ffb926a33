/**
 * NOTE: the 'Channels' tab: add a channel (the shared channelNameField decides: 'Looking for group' becomes
 * 'looking-for-group'), rename or remove one (its messages go for everyone), at most COMMUNITY_CHANNELS_MAX and never
 * the last. Every member hears the change at once; the list here is live too (use-channels.ts).
 */
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { css, cx } from '../../../../styled-system/css';
import { card } from '../../../../styled-system/recipes';
import { serverMessageOf } from '../../../client/api.ts';
import type { Channel } from '../../../shared/community-types.ts';
import { CHANNEL_NAME_MAX, COMMUNITY_CHANNELS_MAX } from '../../../shared/community-values.ts';
import { channelNameField } from '../../../shared/schemas/communities.ts';
import { chatPath } from '../../../shared/paths.ts';
import { addChannel, removeChannel } from '../../../stores/communities/community-settings-api.ts';
import { toast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { panelListClass } from '../../../ui/list-styles.ts';
import { NotReady } from '../../../ui/NotReady.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useChannels } from '../use-channels.ts';
import type { SettingsPanelProps } from './panel-props.ts';
import { RenameChannelDialog } from './RenameChannelDialog.tsx';

const columnClass = css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '2xl' });
const formClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3' }));
const addRowClass = css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, alignItems: { sm: 'flex-start' }, gap: '3' });
const fieldClass = css({ flex: '1', minW: '0' });
const addButtonClass = css({ sm: { mt: '7' } });
const rowClass = css({ display: 'flex', alignItems: 'center', gap: '2', px: '4', py: '2', minW: '0' });
const nameClass = css({
  flex: '1',
  minW: '0',
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontWeight: 'medium',
  color: 'inherit',
  overflowWrap: 'anywhere',
  '& svg': { w: '4', h: '4', flexShrink: '0', color: 'fg.muted' },
  _hover: { textDecoration: 'underline' },
});
const mutedClass = css({ color: 'fg.muted', fontSize: 'sm' });

export function ChannelsPanel({ community }: SettingsPanelProps) {
  const { state, reload } = useChannels(community.slug);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<Channel | null>(null);
  const [removing, setRemoving] = useState<Channel | null>(null);
  const channels = state.status === 'ready' ? state.value : [];
  const full = channels.length >= COMMUNITY_CHANNELS_MAX;

  async function add(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(channelNameField, name);
    if (!parsed.success) return setError(parsed.issues[0].message);
    setBusy(true);
    setError(null);
    try {
      const { channel } = await addChannel(community.slug, parsed.output);
      toast.success(`#${channel.name} added`);
      setName('');
      void reload();
    } catch (err) {
      setError(serverMessageOf(err) ?? 'The channel could not be added. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  async function remove(): Promise<string | null> {
    if (!removing) return null;
    await removeChannel(community.slug, removing.room_id);
    toast.success(`#${removing.name} removed`);
    void reload();
    return null;
  }

  if (state.status !== 'ready') return <NotReady state={state} loadingLabel="Loading channels" onRetry={() => void reload()} />;
  return (
    <div className={columnClass}>
      <form className={formClass} onSubmit={(e) => void add(e)} noValidate aria-label="New channel">
        <div className={addRowClass}>
          <div className={fieldClass}>
            <TextField
              label="New channel"
              name="name"
              placeholder="strategy"
              value={name}
              maxLength={CHANNEL_NAME_MAX + 10}
              onChange={(e) => setName(e.target.value)}
              disabled={busy || full}
              error={error}
            />
          </div>
          <Button type="submit" className={addButtonClass} disabled={busy || full} aria-busy={busy}>
            <Icon name="plus" />
            {busy ? 'Adding...' : 'Add channel'}
          </Button>
        </div>
        <p className={mutedClass}>
          {full
            ? `This community has the most channels it can have (${COMMUNITY_CHANNELS_MAX}).`
            : `Every member can read and write in every channel. ${channels.length} of ${COMMUNITY_CHANNELS_MAX} channels.`}
        </p>
      </form>
      <ul className={panelListClass} aria-label="Channels">
        {channels.map((channel) => (
          <li key={channel.room_id} className={rowClass}>
            <a className={nameClass} href={chatPath(channel.room_id)}>
              <Icon name="hash" />
              {channel.name}
            </a>
            <Button size="sm" variant="outline" onClick={() => setRenaming(channel)} aria-label={`Rename #${channel.name}`}>
              Rename
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setRemoving(channel)}
              disabled={channels.length === 1}
              aria-label={`Remove #${channel.name}`}
              title={channels.length === 1 ? 'A community keeps at least one channel' : undefined}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <RenameChannelDialog slug={community.slug} channel={renaming} onClose={() => setRenaming(null)} onRenamed={() => void reload()} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove #${removing?.name ?? ''}?`}
        confirmLabel="Remove channel"
        busyLabel="Removing..."
        onConfirm={remove}
      >
        Its messages and pictures are deleted for everyone. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
