/**
 * The 'Ban' dialog of the members tab (loaded on first open): why (shown to other moderators in the bans list and
 * the mod log) and for how long (an hour to 30 days, or until lifted). A banned person leaves the community and
 * cannot rejoin, post or write in its channels until the ban ends.
 */
import { useState } from 'react';
import * as v from 'valibot';
import { css } from '../../../../styled-system/css';
import { COMMUNITY_BAN_REASON_MAX } from '../../../shared/community-values.ts';
import type { CommunityMember } from '../../../shared/community-types.ts';
import { firstIssue } from '../../../shared/schemas/auth.ts';
import { banSchema } from '../../../shared/schemas/communities.ts';
import { banMember } from '../../../stores/communities/community-settings-api.ts';
import { toast } from '../../../stores/toasts.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { FormDialogFooter } from '../../../ui/FormDialogFooter.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { SelectField } from '../../../ui/SelectField.tsx';
import { TextArea } from '../../../ui/TextArea.tsx';
import { useFormDialog } from '../../../ui/use-form-dialog.ts';

const FORM_ID = 'ban-member-form';
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const DURATIONS = [
  { value: '1', label: '1 hour' },
  { value: '24', label: '1 day' },
  { value: '168', label: '7 days' },
  { value: '720', label: '30 days' },
  { value: 'lifted', label: 'Until lifted' },
];

export type BanDialogProps = {
  member: Pick<CommunityMember, 'user_id' | 'username'> | null;
  slug: string;
  onClose: () => void;
  onBanned: (userId: number) => void;
};

export default function BanDialog({ member, slug, onClose, onBanned }: BanDialogProps) {
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState('lifted');
  const { error, busy, onSubmit } = useFormDialog({
    open: member !== null,
    onOpenChange: (open) => !open && onClose(),
    reset: () => {
      setReason('');
      setDuration('lifted');
    },
    async save() {
      if (!member) return null;
      const input = { user_id: member.user_id, reason, ...(duration === 'lifted' ? {} : { duration_hours: Number(duration) }) };
      const parsed = v.safeParse(banSchema, input);
      if (!parsed.success) return firstIssue(parsed.issues);
      toast.success((await banMember(slug, parsed.output)).message);
      onBanned(member.user_id);
      return null;
    },
  });
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Ban ${member?.username ?? ''}?`}
      size="sm"
      busy={busy}
      footer={<FormDialogFooter formId={FORM_ID} saving={busy} onCancel={onClose} label="Ban" busyLabel="Banning..." danger />}
    >
      <form id={FORM_ID} className={formClass} onSubmit={onSubmit} noValidate>
        {error && <Alert>{error}</Alert>}
        <p>They leave the community and cannot join again, post or chat in it until the ban ends.</p>
        <TextArea
          label="Reason"
          helper="Other moderators see it in the bans list and the mod log."
          name="reason"
          value={reason}
          maxLength={COMMUNITY_BAN_REASON_MAX}
          rows={3}
          onChange={(e) => setReason(e.target.value)}
          disabled={busy}
        />
        <SelectField
          label="For"
          name="duration"
          options={DURATIONS}
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
          disabled={busy}
        />
      </form>
    </Dialog>
  );
}
