/**
 * NOTE: /notifications, every notification in pages (issue 21's "See all"): the same items as the bell's list
 * (title, body, time; a click leads where the bell's would), newest first, older ones with "Show older". Opening
 * the page counts as opening the bell: everything is marked read, and what was unread stays highlighted.
 * The notifications store is shared with the bell, which may fill it before this island hydrates: the first render
 * is the server's (loading) whatever the store holds, so hydration always matches.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import {
  $notifications,
  loadMoreNotifications,
  markAllRead,
  openNotifications,
  startNotifications,
} from '../../stores/notifications/notifications.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Entry } from '../notification-bell/NotificationList.tsx';

const cardClass = cx(card(), css({ p: '0', overflow: 'hidden' }));
const barClass = css({
  display: 'flex',
  justifyContent: 'flex-end',
  px: '4',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
});
const listClass = css({ listStyle: 'none', m: '0', p: '0', '& > li:last-child > *': { borderBottomWidth: '0' } });
const centreClass = css({ display: 'grid', placeItems: 'center', px: '4', py: '8', color: 'fg.muted' });
const moreClass = css({ display: 'grid', placeItems: 'center', p: '3', borderTopWidth: '1px', borderColor: 'border.default' });

/** What the server renders (it never reads the store): nothing loaded yet. */
const EMPTY = { items: [], loaded: false, loading: true, loadingMore: false, nextBefore: null, highlighted: [], unreadCount: 0 };

export default function AllNotifications() {
  const stored = useStore($notifications);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    startNotifications();
    void openNotifications();
  }, []);
  const { items, loaded, loading, loadingMore, nextBefore, highlighted, unreadCount } = hydrated ? stored : EMPTY;
  const fresh = new Set(highlighted);
  const anyUnread = unreadCount > 0 || highlighted.length > 0;

  return (
    <section className={cardClass} aria-label="All notifications">
      <div className={barClass}>
        <Button variant="ghost" size="sm" disabled={!anyUnread} onClick={() => void markAllRead()}>
          Mark all as read
        </Button>
      </div>
      {items.length === 0 ? (
        <div className={centreClass}>
          {!loaded || loading ? <Spinner size="sm" label="Loading notifications" /> : <p>No notifications</p>}
        </div>
      ) : (
        <ul className={listClass}>
          {items.map((item) => (
            <Entry key={item.id} item={item} unread={!item.viewed || fresh.has(item.id)} onFollowLink={() => {}} />
          ))}
        </ul>
      )}
      {nextBefore !== null && items.length > 0 && (
        <div className={moreClass}>
          {loadingMore ? (
            <Spinner size="sm" label="Loading older notifications" />
          ) : (
            <Button variant="outline" size="sm" onClick={() => void loadMoreNotifications()}>
              Show older
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
