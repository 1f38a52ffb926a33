/**
 * NOTE: the viewer's action on a community page: Join (public), Request to join (request), 'Requested' with
 * Withdraw, Leave for members (not the owner, who hands it over first), and a plain line for the banned. After
 * each change the page reloads the community (`onChanged`), so counts and what it shows follow.
 */
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { serverMessageOf } from '../../client/api.ts';
import type { Community } from '../../shared/community-types.ts';
import { joinCommunity, leaveCommunity } from '../../stores/communities/communities-api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';

const noteClass = css({ color: 'fg.muted', fontSize: 'sm' });
const rowClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' });

export function JoinAction({ community, onChanged }: { community: Community; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, failure: string) {
    setBusy(true);
    try {
      await action();
      onChanged();
    } catch (err) {
      toast.error(serverMessageOf(err) ?? failure);
    } finally {
      setBusy(false);
    }
  }
  const join = () => run(() => joinCommunity(community.slug), 'Joining failed');
  const leave = () => run(() => leaveCommunity(community.slug), 'Leaving failed');

  if (community.my_status === 'banned') return <p className={noteClass}>You are banned from this community.</p>;
  if (community.my_role === 'owner') return null;
  if (community.my_status === 'member')
    return (
      <Button variant="outline" onClick={() => void leave()} disabled={busy} aria-busy={busy}>
        Leave
      </Button>
    );
  if (community.my_status === 'pending')
    return (
      <div className={rowClass}>
        <span className={noteClass}>Request sent</span>
        <Button variant="outline" size="sm" onClick={() => void leave()} disabled={busy}>
          Withdraw
        </Button>
      </div>
    );
  return (
    <Button onClick={() => void join()} disabled={busy} aria-busy={busy}>
      {community.visibility === 'public' ? 'Join' : 'Request to join'}
    </Button>
  );
}
