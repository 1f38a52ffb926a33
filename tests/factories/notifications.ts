/** NOTE: notification payloads as the socket delivers them, for tests of delivery (not of the service). */
import type { NotificationItem } from '../../src/shared/api-types.ts';

export function buildNotification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: 1,
    type: 'like',
    viewed: false,
    created_at: new Date(0).toISOString(),
    data: { sender_username: 'someone', sender_id: 1 },
    ...overrides,
  };
}
