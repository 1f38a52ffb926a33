/**
 * The 1-on-1 room's menu ('Chat menu'): Leave Chat, which hides the chat from your list until the other person
 * writes again (ADR 022). Mute stays a button of its own beside it.
 */
import { useState } from 'react';
import { MoreMenu } from '../../ui/MoreMenu.tsx';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';

// Dialogs load on their first open, not with the page.
const LeaveDialog = lazyOnOpen(() => import('./LeaveDialog.tsx').then((m) => m.LeaveDialog));

export function DirectMenu() {
  const [leaving, setLeaving] = useState(false);
  return (
    <>
      <MoreMenu
        label="Chat menu"
        items={[{ value: 'leave', label: 'Leave Chat', icon: 'logout', danger: true }]}
        onSelect={(value) => value === 'leave' && setLeaving(true)}
      />
      <LeaveDialog open={leaving} onOpenChange={setLeaving} />
    </>
  );
}
