/**
 * The owner's 'Delete community' dialog (loaded on first open by DetailsPanel): asks for their password (checked
 * by the shared schema here and by the server) and, once deleted, opens /communities.
 */
import { css } from '../../../../styled-system/css';
import type { Community } from '../../../shared/community-types.ts';
import { deleteCommunity } from '../../../stores/communities/community-settings-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { FormDialogFooter } from '../../../ui/FormDialogFooter.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { usePasswordDialog } from '../../../ui/use-password-dialog.ts';

const formClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const FORM_ID = 'delete-community-form';

export type DeleteCommunityDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; community: Community };

export default function DeleteCommunityDialog({ open, onOpenChange, community }: DeleteCommunityDialogProps) {
  const { error, busy, onSubmit, passwordField } = usePasswordDialog({
    open,
    onOpenChange,
    async confirm(password) {
      await deleteCommunity(community.slug, password);
      window.location.assign('/communities');
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${community.name}?`}
      size="sm"
      busy={busy}
      initialFocusRef={passwordField.ref}
      footer={
        <FormDialogFooter
          formId={FORM_ID}
          saving={busy}
          onCancel={() => onOpenChange(false)}
          label="Delete community"
          busyLabel="Deleting..."
          danger
        />
      }
    >
      <form id={FORM_ID} className={formClass} onSubmit={onSubmit} noValidate>
        <p>Its posts, channels and messages go for good, for everyone in it.</p>
        {error && <Alert>{error}</Alert>}
        <TextField label="Your password" name="password" {...passwordField} />
      </form>
    </Dialog>
  );
}
