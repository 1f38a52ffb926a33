/**
 * NOTE: helpers for the moderation tests: staff made with the same `setRole` the admin CLI calls, and reports
 * inserted straight into the database (the report call itself is tested on its own), each for a real target
 * with its owner.
 */
import type { Role, ReportReason, ReportTarget } from '../../../src/shared/moderation-values.ts';
import { insertReport } from '../../../src/server/db/factories/reports.ts';
import { setRole } from '../../../src/server/services/accounts/roles.service.ts';
import type { SignedUp } from './accounts.ts';
import type { useTestServer } from './server.ts';
import { idOf, nameOf } from './social.ts';

type App = ReturnType<typeof useTestServer>;

/**
 * The CLI's role change, then a wait until the server has heard the database announce it (milliseconds): the CLI
 * runs in its own process, and a person acting on its answer is never faster than that.
 */
export async function makeRole(app: App, who: SignedUp, role: Role): Promise<SignedUp> {
  await setRole(app.server.database.db, nameOf(who), role);
  await app.server.sessionCache.settle();
  return who;
}

/** `reporter` reports the target `targetId` of kind `targetType`, which belongs to `owner`; answers the report id. */
export const reportOn = (
  app: App,
  reporter: SignedUp,
  target: { type: ReportTarget; id: number; owner: SignedUp },
  reason: ReportReason = 'spam',
  details = '',
) =>
  insertReport(app.server.database.db, {
    reporterId: idOf(reporter),
    targetType: target.type,
    targetId: target.id,
    targetUserId: idOf(target.owner),
    reason,
    details,
  });

export const resolve = (who: SignedUp, reportId: number, body: unknown, opts: { csrf?: boolean } = {}) =>
  who.client.post(`/api/moderation/reports/${reportId}/resolve`, body, opts);
