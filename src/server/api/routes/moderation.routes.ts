/**
 * NOTE: the moderation calls (ADR 026), mounted at /moderation. The service checks the caller's role on every
 * call; to anyone not staff these answer 404 'Not found' like an unknown route (401 when signed out).
 */
import { Hono, type Context } from 'hono';
import type {
  AuditLogResponse,
  ModerationReportsResponse,
  ResolveReportResponse,
  UnsuspendResponse,
} from '../../../shared/moderation-types.ts';
import { MAX_INT_ID } from '../../../shared/schemas/fields.ts';
import { moderationPageSchema, resolveReportSchema } from '../../../shared/schemas/moderation.ts';
import { isStaff } from '../../../shared/moderation-values.ts';
import { ServiceError } from '../../errors.ts';
import { NOT_FOUND, REPORT_NOT_FOUND, type ModerationService, type Staff } from '../../services/moderation/moderation.service.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInSession } from '../session.ts';
import { pathId, readJson, readQuery } from '../validate.ts';
import { serveStoredFile } from './stored-file.ts';

export const hidden = { 401: 'signed out', 404: 'not staff (the call does not exist for them)' };
export const write = { ...hidden, 403: 'bad CSRF token, or a decision this person may not take (the message says which)' };

export const moderationOperations: Operation[] = [
  {
    method: 'get',
    path: '/moderation/reports',
    tag: 'moderation',
    summary: 'Open reports newest first, with the reported content and its context (moderators and admins)',
    query: moderationPageSchema,
    signedIn: true,
    responses: { 200: 'ModerationReportsResponse', 400: 'bad paging value', ...hidden },
  },
  {
    method: 'post',
    path: '/moderation/reports/:id/resolve',
    tag: 'moderation',
    summary: 'Dismiss, remove the content, or suspend its author; closes every open report on the same target',
    body: resolveReportSchema,
    signedIn: true,
    responses: {
      200: 'ResolveReportResponse',
      400: 'bad action or note',
      ...write,
      404: 'unknown report, or not staff',
      409: 'already resolved',
    },
  },
  {
    method: 'get',
    path: '/moderation/reports/:id/image',
    tag: 'moderation',
    summary: 'The image of a reported chat message (moderators and admins)',
    signedIn: true,
    responses: { 200: 'image/webp', ...hidden, 404: 'no image, or not staff' },
  },
  {
    method: 'post',
    path: '/moderation/users/:user_id/unsuspend',
    tag: 'moderation',
    summary: 'Lift a suspension: the person can sign in again (no body)',
    signedIn: true,
    responses: { 200: 'UnsuspendResponse', ...write, 404: 'unknown user, or not staff', 409: 'not suspended' },
  },
  {
    method: 'get',
    path: '/moderation/audit',
    tag: 'moderation',
    summary: 'Every moderation action and role change, newest first (admins only)',
    query: moderationPageSchema,
    signedIn: true,
    responses: { 200: 'AuditLogResponse', 400: 'bad paging value', ...hidden, 404: 'not an admin' },
  },
];

/** The caller, checked before anything else is read, so a member learns nothing from a 400 or a 404's wording. */
export function staffOf(c: Context<ApiEnv>, needs: 'staff' | 'admin' = 'staff'): Staff {
  const { userId, username, role } = signedInSession(c);
  if (needs === 'admin' ? role !== 'admin' : !isStaff(role)) throw new ServiceError(404, NOT_FOUND);
  return { id: userId, username, role };
}

const reportId = (c: Context<ApiEnv>) => pathId(c, 'id', MAX_INT_ID, () => new ServiceError(404, REPORT_NOT_FOUND));

export function moderationRoutes(moderation: ModerationService, storage: MediaStorage) {
  return new Hono<ApiEnv>()
    .get('/reports', async (c) => {
      const me = staffOf(c);
      const page = readQuery(c, moderationPageSchema);
      return c.json<ModerationReportsResponse>(await moderation.reports(me, page));
    })
    .post('/reports/:id/resolve', async (c) => {
      const me = staffOf(c);
      const id = reportId(c);
      const input = await readJson(c, resolveReportSchema);
      return c.json<ResolveReportResponse>(await moderation.resolve(me, id, input));
    })
    .get('/reports/:id/image', async (c) => {
      const file = await moderation.reportImage(staffOf(c), reportId(c));
      if (!file) throw new ServiceError(404, 'Image not found');
      return serveStoredFile(c, storage, file, { cacheControl: 'private, max-age=3600' });
    })
    .post('/users/:user_id/unsuspend', async (c) => {
      const me = staffOf(c);
      const id = pathId(c, 'user_id', MAX_INT_ID, () => new ServiceError(404, 'User not found'));
      return c.json<UnsuspendResponse>(await moderation.unsuspend(me, id));
    })
    .get('/audit', async (c) => {
      const me = staffOf(c, 'admin');
      const page = readQuery(c, moderationPageSchema);
      return c.json<AuditLogResponse>(await moderation.audit(me, page));
    });
}
