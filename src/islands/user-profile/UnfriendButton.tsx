/**
 * 'Unfriend' for an accepted friend: asks first (it also ends both follows), then DELETE /friends/{user id}.
 * On success the profile shows the none state at once ('Add Friend', no 'Friends' chip) and refreshes its
 * counts; a refusal keeps the dialog open with the server's reason.
 */
import { useState } from 'react';
import { serverMessageOf } from '../../client/api.ts';
import type { OtherProfileResponse } from '../../shared/api-types.ts';
import { UNFRIEND_FAILED, unfriend } from '../../stores/relationships.ts';
import { toast } from '../../stores/toasts.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Icon } from '../../ui/Icon.tsx';

type Props = {
  profile: OtherProfileResponse;
  patch: (changes: Partial<OtherProfileResponse>) => void;
  refresh: () => void;
};

export function UnfriendButton({ profile, patch, refresh }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function openChange(next: boolean) {
    setOpen(next);
    if (next) setError(null);
  }

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await unfriend(profile.user_id);
      setOpen(false);
      patch({ friendship_status: 'none', friendship_id: null, friend_request_from: null, is_following: false, follows_you: false });
      toast.success(`You and ${profile.username} are no longer friends`);
      refresh();
    } catch (err) {
      setError(serverMessageOf(err) ?? UNFRIEND_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="outline" palette="secondary" onClick={() => openChange(true)}>
        <Icon name="userMinus" />
        Unfriend
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={openChange}
        title={`Unfriend ${profile.username}?`}
        confirmLabel="Unfriend"
        busyLabel="Unfriending..."
        busy={busy}
        onConfirm={() => void confirm()}
      >
        <p>You will no longer be friends, and you will both stop following each other. They won't be notified.</p>
        {error && <Alert>{error}</Alert>}
      </ConfirmDialog>
    </>
  );
}
