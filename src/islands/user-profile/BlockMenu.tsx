/**
 * The 'More options' menu of another user's profile: 'Report …' (the Report dialog, ADR 025) and 'Block …', which
 * says what blocking does before it happens, then POST /profile/@{username}/block. On success it calls `onBlocked`
 * (the profile is 404 from then on, so the page shows its "You blocked …" state instead of reloading); a refusal
 * stays in the dialog.
 */
import { useState } from 'react';
import { BLOCK_FAILED, blockUser } from '../../stores/social/relationships.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { MoreMenu } from '../../ui/MoreMenu.tsx';
import { ReportDialog } from '../report/LazyReportDialog.tsx';

type Props = { userId: number; username: string; onBlocked: () => void; className?: string };

export function BlockMenu({ userId, username, onBlocked, className }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);

  return (
    <>
      <MoreMenu
        label="More options"
        className={className}
        items={[
          { value: 'report', label: `Report ${username}`, icon: 'flag' },
          { value: 'block', label: `Block ${username}`, icon: 'block', danger: true },
        ]}
        onSelect={(value) => (value === 'block' ? setConfirming(true) : value === 'report' && setReporting(true))}
      />
      <ReportDialog subject={reporting ? { type: 'user', id: userId, name: username } : null} onClose={() => setReporting(false)} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Block ${username}?`}
        confirmLabel="Block"
        busyLabel="Blocking..."
        failure={BLOCK_FAILED}
        onConfirm={async () => {
          await blockUser(username);
          onBlocked();
          return null;
        }}
      >
        <p>
          They won't be able to find you, see your posts or contact you, and you won't see theirs. It also ends your friendship and any
          follows between you. They won't be notified.
        </p>
        <p>You can unblock them any time from your profile.</p>
      </ConfirmDialog>
    </>
  );
}
