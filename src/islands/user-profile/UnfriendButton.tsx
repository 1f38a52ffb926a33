/**
 * 'Unfriend' for an accepted friend: asks first (it also ends both follows), then DELETE /friends/{user id}.
 * On success the profile shows the none state at once ('Add Friend', no 'Friends' chip) and refreshes its
 * counts; a refusal keeps the dialog open with the server's reason.
 */
import { useState } from 'react';
import type { OtherProfileResponse } from '../../shared/api-types.ts';
import { UNFRIEND_FAILED, unfriend } from '../../stores/social/relationships.ts';
import { toast } from '../../stores/toasts.ts';
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

  return (
    <>
      <Button variant="outline" palette="secondary" onClick={() => setOpen(true)}>
        <Icon name="userMinus" />
        Unfriend
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Unfriend ${profile.username}?`}
        confirmLabel="Unfriend"
        busyLabel="Unfriending..."
        failure={UNFRIEND_FAILED}
        onConfirm={async () => {
          await unfriend(profile.user_id);
          patch({ friendship_status: 'none', friendship_id: null, friend_request_from: null, is_following: false, follows_you: false });
          toast.success(`You and ${profile.username} are no longer friends`);
          refresh();
          return null;
        }}
      >
        <p>You will no longer be friends, and you will both stop following each other. They won't be notified.</p>
      </ConfirmDialog>
    </>
  );
}
