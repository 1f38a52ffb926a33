/**
 * NOTE: 'Invite a friend' on the Invites tab: pick one of your friends and they get a notification leading to an
 * invite for them alone (one use, 7 days). The server refuses members, the banned and anyone blocked either way,
 * with its own words.
 */
import { useState, type FormEvent } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { card } from '../../../../styled-system/recipes';
import { serverMessageOf } from '../../../client/api.ts';
import { makeInvite } from '../../../stores/communities/community-settings-api.ts';
import { toast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { SelectField } from '../../../ui/SelectField.tsx';
import { useFriends } from '../../chat-list/use-friends.ts';

const PERSONAL_INVITE_HOURS = 168;
const formClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3' }));
const rowClass = css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, alignItems: { sm: 'flex-end' }, gap: '3' });
const fieldClass = css({ flex: '1', minW: '0' });
const mutedClass = css({ color: 'fg.muted', fontSize: 'sm' });

export function InviteFriendCard({ slug }: { slug: string }) {
  const { friends, error } = useFriends(true);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);

  async function invite(event: FormEvent) {
    event.preventDefault();
    const friend = friends?.find((f) => String(f.friend_id) === chosen);
    if (!friend) return;
    setBusy(true);
    try {
      await makeInvite(slug, 1, PERSONAL_INVITE_HOURS, friend.friend_id);
      toast.success(`Invitation sent to ${friend.username}`);
      setChosen('');
    } catch (err) {
      toast.error(serverMessageOf(err) ?? 'The invitation could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const options = (friends ?? []).map((f) => ({ value: String(f.friend_id), label: f.username }));
  return (
    <form className={formClass} onSubmit={(e) => void invite(e)} aria-label="Invite a friend">
      <div className={rowClass}>
        <div className={fieldClass}>
          <SelectField
            label="Invite a friend"
            name="friend"
            placeholder={friends === null ? 'Loading friends...' : 'Choose a friend'}
            options={options}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            disabled={busy || friends === null || options.length === 0}
          />
        </div>
        <Button type="submit" disabled={busy || chosen === ''} aria-busy={busy}>
          <Icon name="send" />
          {busy ? 'Sending...' : 'Send invitation'}
        </Button>
      </div>
      <p className={mutedClass}>
        {error ??
          (friends !== null && options.length === 0
            ? 'Make friends to invite them by name.'
            : 'They get a notification with an invite for them alone.')}
      </p>
    </form>
  );
}
