/**
 * NOTE: members report a person, a post, a comment or a chat message (ADR 025). Rules for callers:
 * - Input arrives validated by the shared reportSchema.
 * - Only what the reporter can see can be reported: anything else answers 404, exactly like an unknown id (a person
 *   or post blocked either way, a chat they are not in). Their own account or content is 400.
 * - One open report per reporter and thing (409); once a moderator resolves it, the same person may report again.
 * - Every moderator and admin gets a stored 'report' notification, pushed after commit, but a suspended one, the
 *   reporter, and the reported person (it names the reporter); it names no actor, so a moderator's own blocks never
 *   hide a report from them. A post, comment or channel message in a community also reaches that community's moderators, without
 *   the reporter's name (community-notices.ts; they see open reports in its settings).
 */
import type { ReportCreatedResponse } from '../../../shared/moderation-types.ts';
import { REPORT_REASONS, type ReportReason, type ReportTarget } from '../../../shared/moderation-values.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { ServiceError, badRequest, conflict } from '../../errors.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { CommunityNotices } from '../communities/community-notices.ts';
import type { Person } from '../profiles/people.queries.ts';
import { insertOpenReport, reportedThing, staffToTell } from './reports.queries.ts';

export const ALREADY_REPORTED = 'You have already reported this';
export const REPORT_RECEIVED = 'Thanks — the moderators will look at it';

/** How each kind of thing is named in refusals and in the moderators' notification. */
const NOUNS: Record<ReportTarget, { notFound: string; own: string; what: (owner: string) => string }> = {
  user: { notFound: 'User not found', own: 'You cannot report yourself', what: (owner) => owner },
  media: { notFound: 'Post not found', own: 'You cannot report your own post', what: (owner) => `a post by ${owner}` },
  comment: { notFound: 'Comment not found', own: 'You cannot report your own comment', what: (owner) => `a comment by ${owner}` },
  message: { notFound: 'Message not found', own: 'You cannot report your own message', what: (owner) => `a chat message from ${owner}` },
};

export type NewReportInput = { target_type: ReportTarget; target_id: number; reason: ReportReason; details: string };

export function createReportsService(deps: { db: Db; notifications: NotificationsService; communityNotices: CommunityNotices }) {
  const { db, notifications, communityNotices } = deps;

  return {
    async create(me: Person, input: NewReportInput): Promise<ReportCreatedResponse> {
      const nouns = NOUNS[input.target_type];
      return transaction(db, async (tx, afterCommit) => {
        const thing = await reportedThing(tx, me.id, input.target_type, input.target_id);
        if (!thing) throw new ServiceError(404, nouns.notFound);
        // A deleted account's chat messages stay, but there is no one left to act on.
        if (thing.ownerId === null || thing.ownerName === null)
          throw new ServiceError(404, 'The sender of this message deleted their account');
        if (thing.ownerId === me.id) throw badRequest(nouns.own);

        const reportId = await insertOpenReport(tx, {
          reporterId: me.id,
          targetType: input.target_type,
          targetId: input.target_id,
          targetUserId: thing.ownerId,
          reason: input.reason,
          details: input.details,
        });
        if (reportId === null) throw conflict(ALREADY_REPORTED);

        const message = `${me.username} reported ${nouns.what(thing.ownerName)}: ${REPORT_REASONS[input.reason]}`;
        const staff = await staffToTell(tx, me.id, thing.ownerId);
        for (const staffId of staff) {
          const stored = await notifications.store(tx, staffId, 'report', { report_id: reportId, title: 'New report', message });
          afterCommit(stored.push);
        }
        if (thing.communityId !== null) {
          const what = nouns.what(thing.ownerName);
          await communityNotices.reported(tx, afterCommit, {
            communityId: thing.communityId,
            postId: thing.postId,
            message: `${what.charAt(0).toUpperCase()}${what.slice(1)} was reported: ${REPORT_REASONS[input.reason]}`,
            skip: [me.id, thing.ownerId, ...staff],
          });
        }
        return { message: REPORT_RECEIVED, report_id: reportId };
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
