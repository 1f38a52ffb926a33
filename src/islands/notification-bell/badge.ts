/** NOTE: the count badges' text (the bell and the Chats link): hidden (null) at zero, capped at '99+'. */
import { NOTIFICATION_BADGE_MAX } from '../../shared/constants.ts';

export function badgeText(unread: number): string | null {
  if (!Number.isFinite(unread) || unread <= 0) return null;
  return unread > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(Math.floor(unread));
}
