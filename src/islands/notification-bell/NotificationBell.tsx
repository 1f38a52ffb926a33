/**
 * NOTE: the notification bell of spec §2 in the navigation bar. Mount it from AppLayout with
 * `client:load transition:persist` (signed-in pages only) so it and its open state survive navigations.
 * Until the first click it is a plain button showing the unread badge; the first click loads the dropdown
 * (BellPopover.tsx, Ark UI's Popover), which then replaces this button with its own, identical trigger, opened:
 * Ark UI's popover code is in no page's initial JS.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { countBadge } from '../../../styled-system/recipes';
import { $notifications, openNotifications, startNotifications } from '../../stores/notifications/notifications.ts';
import { Icon } from '../../ui/Icon.tsx';
import { onDemand, useOnDemand } from '../../ui/on-demand.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { badgeText, bellName } from './badge.ts';
import { triggerClass } from './styles.ts';

const popover = onDemand(() => import('./BellPopover.tsx').then((m) => m.default));

export default function NotificationBell() {
  // /notifications may load the list before this island hydrates: until then, the server's (no badge).
  const stored = useStore($notifications).unreadCount;
  const unreadCount = useHydrated() ? stored : 0;
  const [wanted, setWanted] = useState(false);
  const BellPopover = useOnDemand(popover, wanted, () => setWanted(false));
  useEffect(() => startNotifications(), []);
  const badge = badgeText(unreadCount);
  const face = (
    <>
      <Icon name="bell" />
      {badge && (
        <span className={countBadge({ placement: 'corner' })} aria-hidden="true" data-testid="notification-badge">
          {badge}
        </span>
      )}
    </>
  );
  const plain = (
    <button
      type="button"
      className={triggerClass}
      aria-label={bellName(unreadCount)}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => {
        if (wanted) return; // loading: the dropdown opens when it arrives
        setWanted(true);
        void openNotifications();
      }}
    >
      {face}
    </button>
  );
  return BellPopover ? <BellPopover face={face} label={bellName(unreadCount)} /> : plain;
}
