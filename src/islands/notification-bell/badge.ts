/** NOTE: the count badges' text (the bell and the Chats link): hidden (null) at zero, capped at '99+'. */
import { NOTIFICATION_BADGE_MAX } from '../../shared/constants.ts';

/** The bell's accessible name: 'Notifications', or 'Notifications, 3 unread' (issue 21). */
export const bellName = (unread: number): string => {
  const badge = badgeText(unread);
  return badge ? `Notifications, ${badge} unread` : 'Notifications';
};

export function badgeText(unread: number): string | null {
  if (!Number.isFinite(unread) || unread <= 0) return null;
  return unread > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(Math.floor(unread));
}
