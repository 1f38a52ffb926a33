/**
 * The bell's scrolling list (spec §2): newest first, unread highlighted, 'No notifications' when empty. The
 * next (older) page loads when the end of the list scrolls into view.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { css, cx } from '../../../styled-system/css';
import type { NotificationItem } from '../../shared/api-types.ts';
import { $notifications, loadMoreNotifications } from '../../stores/notifications/notifications.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { Time } from '../../ui/Time.tsx';
import { notificationHref, notificationText } from '../../shared/notification-text.ts';

const scrollClass = css({
  flex: '1',
  minH: '0',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
});
const listClass = css({ listStyle: 'none', m: '0', p: '0' });
const itemClass = css({
  display: 'flex',
  gap: '3',
  px: '4',
  py: '2.5',
  color: 'inherit',
  textDecoration: 'none',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  '&[data-unread]': { bg: 'primary.subtle' },
});
const linkClass = css({
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  '&[data-unread]:hover': { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
});
const dotClass = css({
  flexShrink: 0,
  mt: '1.5',
  w: '2',
  h: '2',
  borderRadius: 'full',
  bg: 'transparent',
  '[data-unread] > &': { bg: 'primary.solid' },
});
const textClass = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0', fontSize: 'sm', lineHeight: '1.4' });
const titleClass = css({ fontWeight: 'semibold' });
const bodyClass = css({ overflowWrap: 'anywhere' });
const timeClass = css({ fontSize: 'xs', color: 'fg.muted' });
const centreClass = css({ display: 'grid', placeItems: 'center', px: '4', py: '6', fontSize: 'sm', color: 'fg.muted' });
const moreClass = css({ display: 'grid', placeItems: 'center', py: '2', minH: '2' });
const srOnly = css({ srOnly: true });

export function Entry({ item, unread, onFollowLink }: { item: NotificationItem; unread: boolean; onFollowLink: () => void }) {
  const { title, body } = notificationText(item);
  const href = notificationHref(item);
  const content = (
    <>
      <span className={dotClass} aria-hidden="true" />
      <span className={textClass}>
        {unread && <span className={srOnly}>Unread: </span>}
        <span className={titleClass}>{title}</span>
        <span className={bodyClass}>{body}</span>
        <Time className={timeClass} iso={item.created_at} format="recency" />
      </span>
    </>
  );
  const unreadAttr = unread ? '' : undefined;
  return (
    <li>
      {href ? (
        <a href={href} className={cx(itemClass, linkClass)} data-unread={unreadAttr} onClick={onFollowLink}>
          {content}
        </a>
      ) : (
        <div className={itemClass} data-unread={unreadAttr}>
          {content}
        </div>
      )}
    </li>
  );
}

export function NotificationList({ onFollowLink }: { onFollowLink: () => void }) {
  const { items, loaded, loading, loadingMore, nextBefore, highlighted } = useStore($notifications);
  const scrollRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  // A fresh observer after every page reports at once whether the end is still in view (a short page).
  useEffect(() => {
    const root = scrollRef.current;
    const end = endRef.current;
    if (!root || !end || nextBefore === null || loadingMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMoreNotifications();
      },
      { root, rootMargin: '0px 0px 40px 0px' },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [items.length, nextBefore, loadingMore]);

  if (items.length === 0) {
    return (
      <div className={centreClass}>
        {!loaded && loading ? <Spinner size="sm" label="Loading notifications" /> : <p>No notifications</p>}
      </div>
    );
  }
  const fresh = new Set(highlighted);
  return (
    // Focusable so the list scrolls from the keyboard too.
    <div ref={scrollRef} className={scrollClass} tabIndex={0} role="region" aria-label="Notification list">
      <ul className={listClass}>
        {items.map((item) => (
          <Entry key={item.id} item={item} unread={!item.viewed || fresh.has(item.id)} onFollowLink={onFollowLink} />
        ))}
      </ul>
      <div ref={endRef} className={moreClass}>
        {loadingMore && <Spinner size="sm" label="Loading more notifications" />}
      </div>
    </div>
  );
}
