import { Hono } from 'hono';
import * as v from 'valibot';
import type { NotificationsResponse } from '../../../shared/api-types.ts';
import { firstIssue } from '../../../shared/schemas/auth.ts';
import { notificationsPageSchema } from '../../../shared/schemas/notifications.ts';
import { badRequest } from '../../services/errors.ts';
import type { NotificationsService } from '../../services/notifications.service.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInSession } from '../session.ts';

export const notificationOperations: Operation[] = [
  {
    method: 'get',
    path: '/notifications/',
    tag: 'notifications',
    summary: 'Newest first, paged by ?before={id}&limit={n} (20 by default, 50 at most); unread_count counts all unviewed',
    signedIn: true,
    responses: { 200: 'notifications, unread_count, next_before', 400: 'bad paging value', 401: 'signed out' },
  },
  {
    method: 'put',
    path: '/notifications/read-all',
    tag: 'notifications',
    summary: 'Mark every notification of the caller as viewed',
    signedIn: true,
    responses: { 200: 'all read', 401: 'signed out', 403: 'bad CSRF token' },
  },
];

export function notificationRoutes(notifications: NotificationsService) {
  return new Hono<ApiEnv>()
    .get('/', async (c) => {
      const session = signedInSession(c);
      const parsed = v.safeParse(notificationsPageSchema, c.req.query());
      if (!parsed.success) throw badRequest(firstIssue(parsed.issues));
      const page = { before: parsed.output.before, limit: parsed.output.limit ?? 20 };
      return c.json<NotificationsResponse>(await notifications.list(session.userId, page));
    })
    .put('/read-all', async (c) => {
      const session = signedInSession(c);
      await notifications.markAllRead(session.userId);
      return c.json({ message: 'All notifications marked as read', unread_count: 0 });
    });
}
