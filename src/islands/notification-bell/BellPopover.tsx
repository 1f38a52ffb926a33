/**
 * NOTE: the bell's dropdown (an Ark UI Popover, its trigger included), loaded by NotificationBell on the first
 * click and mounted open. It closes on a click outside, a second click on the bell, Escape and when a
 * notification link is followed. Its content is only mounted while open, so no inline positioning styles are
 * rendered as HTML (the CSP refuses those). Under the list: "Mark all as read" (clears the highlights) and "See
 * all" (/notifications); the list scrolls between the title and them, so nothing is cut off.
 */
import { Popover } from '@ark-ui/react/popover';
import { useState, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { useStore } from '@nanostores/react';
import { $notifications, markAllRead, openNotifications } from '../../stores/notifications/notifications.ts';
import { NotificationList } from './NotificationList.tsx';
import { triggerClass } from './styles.ts';

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
const footerClass = css({
  flexShrink: 0,
  display: 'flex',
  justifyContent: 'space-between',
  gap: '2',
  px: '2',
  py: '1',
  borderTopWidth: '1px',
  borderColor: 'border.default',
  fontSize: 'sm',
});
const actionClass = css({
  px: '2',
  py: '1.5',
  borderRadius: 'md',
  color: 'primary.text',
  fontWeight: 'medium',
  textDecoration: 'none',
  bg: 'transparent',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _disabled: { color: 'fg.disabled', cursor: 'default', _hover: { bg: 'transparent' } },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' },
});
type Props = { face: ReactNode; label: string };

export default function BellPopover({ face, label }: Props) {
  const [open, setOpen] = useState(true);
  const { items, highlighted, unreadCount } = useStore($notifications);
  const anyUnread = unreadCount > 0 || highlighted.length > 0 || items.some((n) => !n.viewed);
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
      <Popover.Trigger className={triggerClass} aria-label={label}>
        {face}
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content className={contentClass} aria-label="Notifications">
          <Popover.Title className={headerClass}>Notifications</Popover.Title>
          <NotificationList onFollowLink={() => setOpen(false)} />
          <div className={footerClass}>
            <button type="button" className={actionClass} disabled={!anyUnread} onClick={() => void markAllRead()}>
              Mark all as read
            </button>
            <a href="/notifications" className={actionClass} onClick={() => setOpen(false)}>
              See all
            </a>
          </div>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
