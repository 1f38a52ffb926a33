/**
 * NOTE: the 'Invites' tab: invite a friend by name (InviteFriendCard.tsx), or make an invite link (how many people may use it, for how long) and copy it. Anyone
 * signed in who opens the link sees the community's card and joins with one click (/communities/invites/{code}),
 * whatever the community's visibility; a link counts a use per person who joins. Links are shown for this visit
 * (the code is a secret: the server keeps no list to show again).
 */
import { useState, type FormEvent } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { card } from '../../../../styled-system/recipes';
import { serverMessageOf } from '../../../client/api.ts';
import type { InviteResponse } from '../../../shared/community-types.ts';
import { plural } from '../../../shared/plural.ts';
import { invitePath } from '../../../stores/communities/communities-api.ts';
import { makeInvite } from '../../../stores/communities/community-settings-api.ts';
import { toast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { panelListClass } from '../../../ui/list-styles.ts';
import { SelectField } from '../../../ui/SelectField.tsx';
import { Time } from '../../../ui/Time.tsx';
import { InviteFriendCard } from './InviteFriendCard.tsx';
import type { SettingsPanelProps } from './panel-props.ts';

const USES = [1, 5, 10, 25, 100].map((n) => ({ value: String(n), label: plural(n, 'use') }));
const HOURS = [
  { value: '1', label: '1 hour' },
  { value: '24', label: '1 day' },
  { value: '168', label: '7 days' },
  { value: '720', label: '30 days' },
];

const columnClass = css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '2xl' });
const formClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '4' }));
const fieldsClass = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });
const rowClass = css({ display: 'flex', flexDirection: 'column', gap: '2', px: '4', py: '3' });
const linkRowClass = css({ display: 'flex', gap: '2', alignItems: 'center' });
const linkClass = css({
  flex: '1',
  minW: '0',
  fontFamily: 'mono',
  fontSize: 'sm',
  px: '3',
  py: '2',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.subtle',
  color: 'fg.default',
});
const metaClass = css({ fontSize: 'sm', color: 'fg.muted' });
const mutedClass = css({ color: 'fg.muted', fontSize: 'sm' });

async function copy(url: string, input: HTMLInputElement | null) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Invite link copied');
  } catch {
    // No clipboard (an http address, or permission refused): select the link so the person can copy it.
    input?.select();
    toast.error('Copying was refused here. The link is selected: copy it yourself.');
  }
}

export function InvitesPanel({ community }: SettingsPanelProps) {
  const [uses, setUses] = useState('10');
  const [hours, setHours] = useState('168');
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<InviteResponse['invite'][]>([]);

  async function make(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { invite } = await makeInvite(community.slug, Number(uses), Number(hours));
      setMade((list) => [invite, ...list]);
    } catch (err) {
      toast.error(serverMessageOf(err) ?? 'The link could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={columnClass}>
      <InviteFriendCard slug={community.slug} />
      <form className={formClass} onSubmit={(e) => void make(e)} aria-label="New invite link">
        <p className={mutedClass}>Anyone with the link can join, even when the community is invite only.</p>
        <div className={fieldsClass}>
          <SelectField
            label="Can be used"
            name="max_uses"
            options={USES}
            value={uses}
            onChange={(e) => setUses(e.target.value)}
            disabled={busy}
          />
          <SelectField
            label="Expires after"
            name="expires"
            options={HOURS}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            disabled={busy}
          />
        </div>
        <div>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            <Icon name="plus" />
            {busy ? 'Making...' : 'Make invite link'}
          </Button>
        </div>
      </form>
      {made.length > 0 && (
        <ul className={panelListClass} aria-label="Invite links made">
          {made.map((invite) => {
            const url = new URL(invitePath(invite.code), window.location.origin).href;
            const id = `invite-${invite.code}`;
            return (
              <li key={invite.code} className={rowClass}>
                <div className={linkRowClass}>
                  <input
                    id={id}
                    className={linkClass}
                    value={url}
                    readOnly
                    aria-label="Invite link"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void copy(url, document.getElementById(id) as HTMLInputElement | null)}
                  >
                    <Icon name="copy" />
                    Copy
                  </Button>
                </div>
                <span className={metaClass}>
                  {plural(invite.max_uses, 'use')} · expires <Time iso={invite.expires_at} format="dateTime" />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
