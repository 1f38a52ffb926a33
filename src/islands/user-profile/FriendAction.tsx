/**
 * The friend action of another user's profile, by friendship status: none → 'Add Friend' ('Sending...' while
 * pending); pending for the sender → a disabled 'Request Sent' and 'Cancel Request'; pending for the recipient
 * → 'Accept Request' and 'Reject Request'; accepted → 'Unfriend' (which asks first). Outcomes are toasts: the
 * server's error text when it sent one, else a fallback.
 */
import { useState } from 'react';
import { api, serverMessageOf } from '../../client/api.ts';
import type { FriendAcceptResponse, FriendRequestResponse, OtherProfileResponse } from '../../shared/api-types.ts';
import { CANCEL_REQUEST_FAILED, cancelFriendRequest } from '../../stores/social/relationships.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { UnfriendButton } from './UnfriendButton.tsx';

type Props = {
  profile: OtherProfileResponse;
  viewerId: number;
  patch: (changes: Partial<OtherProfileResponse>) => void;
  /** Re-fetch quietly: counts change with every friendship step, and a failure may mean the state moved on. */
  refresh: () => void;
};
type Busy = null | 'request' | 'accept' | 'reject' | 'cancel';

export function FriendAction({ profile, viewerId, patch, refresh }: Props) {
  const [busy, setBusy] = useState<Busy>(null);

  async function run(kind: Exclude<Busy, null>, call: () => Promise<void>, fallback: string) {
    setBusy(kind);
    try {
      await call();
    } catch (err) {
      toast.error(serverMessageOf(err) ?? fallback);
    } finally {
      setBusy(null);
      refresh();
    }
  }

  const sendRequest = () =>
    run(
      'request',
      async () => {
        const res = await api.post<FriendRequestResponse>('/friends/request', { username: profile.username });
        // 'accepted' when they had already asked us: our request accepted theirs.
        const accepted = res.status === 'accepted';
        patch({
          friendship_status: res.status,
          friendship_id: res.request_id,
          friend_request_from: accepted ? profile.user_id : viewerId,
          is_following: true,
        });
        toast.success(accepted ? 'Friend request accepted!' : 'Friend request sent successfully!');
      },
      'Failed to send friend request',
    );

  const accept = (requestId: number) =>
    run(
      'accept',
      async () => {
        await api.post<FriendAcceptResponse>('/friends/accept', { request_id: requestId });
        patch({ friendship_status: 'accepted', is_following: true, follows_you: true });
        toast.success('Friend request accepted!');
      },
      'Failed to accept friend request',
    );

  const reject = (requestId: number) =>
    run(
      'reject',
      async () => {
        await api.delete('/friends/reject', { request_id: requestId });
        patch({ friendship_status: 'none', friendship_id: null, friend_request_from: null });
        toast.success('Friend request rejected');
      },
      'Failed to reject friend request',
    );

  const cancel = (requestId: number) =>
    run(
      'cancel',
      async () => {
        await cancelFriendRequest(requestId);
        patch({ friendship_status: 'none', friendship_id: null, friend_request_from: null });
        toast.success('Friend request cancelled');
      },
      CANCEL_REQUEST_FAILED,
    );

  const { friendship_status: status, friendship_id: requestId, friend_request_from: from } = profile;
  if (status === 'accepted') return <UnfriendButton profile={profile} patch={patch} refresh={refresh} />;

  if (status === 'pending' && from !== viewerId && requestId !== null) {
    return (
      <>
        <Button onClick={() => void accept(requestId)} disabled={busy !== null} aria-busy={busy === 'accept'}>
          <Icon name="check" />
          {busy === 'accept' ? 'Accepting...' : 'Accept Request'}
        </Button>
        <Button
          variant="outline"
          palette="secondary"
          onClick={() => void reject(requestId)}
          disabled={busy !== null}
          aria-busy={busy === 'reject'}
        >
          <Icon name="close" />
          {busy === 'reject' ? 'Rejecting...' : 'Reject Request'}
        </Button>
      </>
    );
  }

  if (status === 'pending') {
    return (
      <>
        <Button disabled>
          <Icon name="check" />
          Request Sent
        </Button>
        {requestId !== null && (
          <Button
            variant="outline"
            palette="secondary"
            onClick={() => void cancel(requestId)}
            disabled={busy !== null}
            aria-busy={busy === 'cancel'}
          >
            <Icon name="close" />
            {busy === 'cancel' ? 'Cancelling...' : 'Cancel Request'}
          </Button>
        )}
      </>
    );
  }

  return (
    <Button onClick={() => void sendRequest()} disabled={busy !== null} aria-busy={busy === 'request'}>
      <Icon name="userPlus" />
      {busy === 'request' ? 'Sending...' : 'Add Friend'}
    </Button>
  );
}
