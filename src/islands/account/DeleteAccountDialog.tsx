/**
 * The 'Delete account' dialog (loaded on first open by DeleteAccountSection): it says what goes and what stays,
 * asks for the password (checked by the shared schema here and by the server), and on success loads the landing
 * page at #account-deleted, which then says 'Your account was deleted'.
 */
import { css } from '../../../styled-system/css';
import { api } from '../../client/api.ts';
import { ACCOUNT_DELETED_ANCHOR, type DeleteAccountResponse } from '../../shared/account-data-types.ts';
import { DELETED_USER_NAME } from '../../shared/chat-types.ts';
import { USERNAME_COOLING_OFF_DAYS } from '../../shared/schemas/account.ts';
import { $signingOut } from '../../stores/accounts/session.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { usePasswordDialog } from '../../ui/use-password-dialog.ts';

const listClass = css({ listStyle: 'disc', pl: '5', my: '3', '& li': { mb: '1' } });
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const FORM_ID = 'delete-account-form';

export type DeleteAccountDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

export default function DeleteAccountDialog({ open, onOpenChange }: DeleteAccountDialogProps) {
  const { error, busy, onSubmit, passwordField } = usePasswordDialog({
    open,
    onOpenChange,
    async confirm(password) {
      $signingOut.set(true);
      try {
        await api.delete<DeleteAccountResponse>('/account', { password });
      } catch (err) {
        $signingOut.set(false);
        throw err;
      }
      window.location.assign(`/#${ACCOUNT_DELETED_ANCHOR}`);
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete your account?"
      size="sm"
      busy={busy}
      initialFocusRef={passwordField.ref}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} palette="secondary" disabled={busy} aria-busy={busy}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className={formClass} onSubmit={onSubmit} noValidate>
        <div>
          This cannot be undone. These go for good:
          <ul className={listClass}>
            <li>your profile, picture and gaming handles</li>
            <li>your posts with their photos and videos, your comments and likes</li>
            <li>your friends, follows, friend requests, blocks and notifications</li>
            <li>the images you sent in chats</li>
          </ul>
          Your text messages in chats stay for the others, shown as from “{DELETED_USER_NAME}”. Your username is reserved for{' '}
          {USERNAME_COOLING_OFF_DAYS} days, then anyone can take it.
        </div>
        <TextField label="Password" {...passwordField} required />
        {error && <Alert>{error}</Alert>}
      </form>
    </Dialog>
  );
}
