/**
 * NOTE: POST /api/reports (ADR 025): a member reports a person, post, comment or chat message they can see. The
 * rules live in reports.service.ts; moderators hear of it through their notifications.
 */
import { Hono } from 'hono';
import type { ReportCreatedResponse } from '../../../shared/moderation-types.ts';
import { reportSchema } from '../../../shared/schemas/moderation.ts';
import type { ReportsService } from '../../services/moderation/reports.service.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInPerson } from '../session.ts';
import { readJson } from '../validate.ts';

export const reportOperations: Operation[] = [
  {
    method: 'post',
    path: '/reports',
    tag: 'moderation',
    summary: "Report a user, post ('media'), comment or chat message you can see; every moderator is notified",
    body: reportSchema,
    signedIn: true,
    responses: {
      201: 'ReportCreatedResponse',
      400: 'invalid field, or your own account or content',
      401: 'signed out',
      403: 'bad CSRF token',
      404: 'no such thing, or not one you can see',
      409: 'you already have an open report of it',
    },
  },
];

export function reportRoutes(reports: ReportsService) {
  return new Hono<ApiEnv>().post('/', async (c) => {
    const me = signedInPerson(c);
    const input = await readJson(c, reportSchema);
    return c.json<ReportCreatedResponse>(await reports.create(me, input), 201);
  });
}
