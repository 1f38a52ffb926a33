import { Hono } from 'hono';
import type { NotificationsResponse } from '../../../shared/api-types.ts';
import { notificationsPageSchema } from '../../../shared/schemas/notifications.ts';
import type { NotificationsService } from '../../services/notifications/notifications.service.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInSession } from '../session.ts';
import { readQuery } from '../validate.ts';

export const notificationOperations: Operation[] = [
  {
    method: 'get',
    path: '/notifications/',
    tag: 'notifications',
    summary: 'Your notifications newest first, paged by ?before={id}&limit={n}; unread_count counts every unviewed one',
    query: notificationsPageSchema,
    signedIn: true,
    responses: { 200: 'notifications, unread_count, next_before (null on the last page)', 400: 'bad paging value', 401: 'signed out' },
  },
  {
    method: 'put',
    path: '/notifications/read-all',
    tag: 'notifications',
    summary: 'Mark all your notifications viewed (no body)',
    signedIn: true,
    responses: { 200: 'all read', 401: 'signed out', 403: 'bad CSRF token' },
  },
];

export function notificationRoutes(notifications: NotificationsService) {
  return new Hono<ApiEnv>()
    .get('/', async (c) => {
      const { userId } = signedInSession(c);
      const page = readQuery(c, notificationsPageSchema);
      return c.json<NotificationsResponse>(await notifications.list(userId, page));
    })
    .put('/read-all', async (c) => {
      await notifications.markAllRead(signedInSession(c).userId);
      return c.json({ message: 'All notifications marked as read', unread_count: 0 });
    });
}
