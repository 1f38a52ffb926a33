/**
 * NOTE: the notification bell of spec §2 in the navigation bar. Mount it from AppLayout with
 * `client:load transition:persist` (signed-in pages only) so it and its open state survive navigations.
 * The dropdown is an Ark UI Popover: it closes on a click outside, a second click on the bell, Escape and
 * when a notification link is followed. It is only mounted while open, so the server HTML carries no inline
 * positioning styles (the CSP refuses those).
 */
import { useStore } from '@nanostores/react';
import { Popover } from '@ark-ui/react/popover';
import { useEffect, useId, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { countBadge, iconButton } from '../../../styled-system/recipes';
import { $notifications, openNotifications, startNotifications } from '../../stores/notifications.ts';
import { Icon } from '../../ui/Icon.tsx';
import { badgeText } from './format.ts';
import { NotificationList } from './NotificationList.tsx';

const triggerClass = cx(iconButton({ tone: 'navbar' }), css({ position: 'relative' }));
const contentClass = css({
  display: 'flex',
  flexDirection: 'column',
  // Spec §9: 320px wide, at most 250px high; never wider than a phone's screen.
  width: '320px',
  maxWidth: 'calc(100vw - 16px)',
  maxHeight: '250px',
  overflow: 'hidden',
  bg: 'bg.surface',
  color: 'fg.default',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  boxShadow: '0 8px 28px rgba(0, 0, 0, 0.22)',
  zIndex: 'popover',
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' },
});
const headerClass = css({
  flexShrink: 0,
  px: '4',
  py: '2',
  fontSize: 'sm',
  fontWeight: 'bold',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
});
const srOnly = css({ srOnly: true });

export default function NotificationBell() {
  const { unreadCount } = useStore($notifications);
  const [open, setOpen] = useState(false);
  const describedBy = useId();
  useEffect(() => startNotifications(), []);
  const badge = badgeText(unreadCount);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (details.open) void openNotifications();
      }}
      lazyMount
      unmountOnExit
      positioning={{ placement: 'bottom-end', strategy: 'fixed', gutter: 8, overflowPadding: 8 }}
    >
      <Popover.Trigger className={triggerClass} aria-label="Notifications" aria-describedby={badge ? describedBy : undefined}>
        <Icon name="bell" />
        {badge && (
          <>
            <span className={countBadge({ placement: 'corner' })} aria-hidden="true" data-testid="notification-badge">
              {badge}
            </span>
            <span id={describedBy} className={srOnly}>
              {badge} unread
            </span>
          </>
        )}
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content className={contentClass} aria-label="Notifications">
          <Popover.Title className={headerClass}>Notifications</Popover.Title>
          <NotificationList onFollowLink={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
