/**
 * NOTE: the moderation queue, report resolutions, suspensions and the audit log (ADR 026). Rules for callers:
 * - Every method takes the caller with the role read from their session on this request, and checks it first:
 *   anyone not staff (the audit log: not an admin) gets 404 'Not found', as if the call did not exist.
 * - Resolving closes every open report on the same target with the same decision, and writes one audit entry.
 *   Removed files leave storage and suspended people lose their sessions and sockets only after the commit.
 * - Nobody acts on a report about themselves; admins are never suspended here (roles change with the admin CLI)
 *   and only an admin suspends a moderator, lifts a moderator's suspension or removes staff content.
 */
import type {
  AuditLogResponse,
  ModerationReportsResponse,
  ResolveReportResponse,
  UnsuspendResponse,
} from '../../../shared/moderation-types.ts';
import { isStaff, type ResolveAction, type Role } from '../../../shared/moderation-values.ts';
import type { Db } from '../../db/client.ts';
import { transaction, type AfterCommit, type Tx } from '../../db/transaction.ts';
import { ServiceError, conflict } from '../../errors.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { AuthService } from '../accounts/auth.service.ts';
import type { EventBus } from '../event-bus.ts';
import type { MediaUrls } from '../media/media-urls.service.ts';
import {
  clearProfile,
  closeOpenReports,
  lockAccount,
  lockReport,
  recordAction,
  removeComment,
  removeMessage,
  setSuspended,
} from './moderation-actions.queries.ts';
import { toModerationReport } from './moderation-content.service.ts';
import { auditEntries, contentOf, openReports, reportedImage } from './moderation.queries.ts';
import { deletePostRow, removeStoredFiles } from '../media/post-removal.service.ts';

export type Staff = { id: number; username: string; role: Role };
export type Paging = { limit: number; cursor?: string | undefined };

export const NOT_FOUND = 'Not found';
export const REPORT_NOT_FOUND = 'Report not found';
export const ALREADY_RESOLVED = 'This report is already resolved';
export const NOT_ABOUT_YOURSELF = "You can't act on a report about yourself. Another moderator will look at it.";
export const ADMIN_NOT_SUSPENDED = "Admins can't be suspended. An admin's role is changed with the admin CLI.";
export const ONLY_ADMIN_SUSPENDS_MODERATOR = 'Only an admin can suspend a moderator';
export const ONLY_ADMIN_REMOVES_STAFF_CONTENT = "Only an admin can remove a moderator's or an admin's content";
export const ONLY_ADMIN_UNSUSPENDS_MODERATOR = "Only an admin can lift a moderator's suspension";

const DONE: Record<ResolveAction, string> = {
  dismiss: 'Report dismissed',
  remove_content: 'Content removed',
  suspend_user: 'User suspended',
};

function requireStaff(who: Staff): void {
  if (!isStaff(who.role)) throw new ServiceError(404, NOT_FOUND);
}

const pageOf = <T extends { id: number }>(rows: T[], limit: number) => {
  const shown = rows.slice(0, limit);
  return { shown, next_cursor: rows.length > limit ? String(shown.at(-1)!.id) : null };
};

type Report = NonNullable<Awaited<ReturnType<typeof lockReport>>>;

export function createModerationService(deps: { db: Db; bus: EventBus; storage: MediaStorage; urls: MediaUrls; auth: AuthService }) {
  const { db, bus, storage, urls, auth } = deps;

  /** Deletes what the report points at; answers the stored files that must go after commit. */
  async function removeContent(tx: Tx, afterCommit: AfterCommit, report: Report): Promise<string[]> {
    switch (report.targetType) {
      case 'media':
        return (await deletePostRow(tx, report.targetId)) ?? [];
      case 'comment':
        await removeComment(tx, report.targetId);
        return [];
      case 'message': {
        const gone = await removeMessage(tx, report.targetId);
        if (!gone) return [];
        const payload = { room_id: gone.roomId, message_id: report.targetId };
        afterCommit(() =>
          gone.community === null
            ? bus.toUsers(gone.audience, 'chat_message_removed', payload)
            : bus.toMembers(gone.community, 'chat_message_removed', payload),
        );
        return gone.keys;
      }
      case 'user':
        await clearProfile(tx, report.targetUserId);
        return [];
    }
  }

  return {
    async reports(me: Staff, page: Paging): Promise<ModerationReportsResponse> {
      requireStaff(me);
      const rows = await openReports(db, me.id, { limit: page.limit, before: page.cursor === undefined ? undefined : Number(page.cursor) });
      const { shown, next_cursor } = pageOf(rows, page.limit);
      const found = await contentOf(db, shown);
      return { reports: shown.map((row) => toModerationReport(row, found, urls)), next_cursor };
    },

    async resolve(me: Staff, reportId: number, input: { action: ResolveAction; note: string }): Promise<ResolveReportResponse> {
      requireStaff(me);
      const { action, note } = input;
      const outcome = await transaction(db, async (tx, afterCommit) => {
        const report = await lockReport(tx, reportId);
        if (!report) throw new ServiceError(404, REPORT_NOT_FOUND);
        if (report.resolvedAt) throw conflict(ALREADY_RESOLVED);
        if (report.targetUserId === me.id) throw new ServiceError(403, NOT_ABOUT_YOURSELF);
        const account = (await lockAccount(tx, report.targetUserId))!;
        if (action === 'suspend_user') {
          if (account.role === 'admin') throw new ServiceError(403, ADMIN_NOT_SUSPENDED);
          if (account.role === 'moderator' && me.role !== 'admin') throw new ServiceError(403, ONLY_ADMIN_SUSPENDS_MODERATOR);
          if (!account.suspendedAt) await setSuspended(tx, account.id, me.id);
        }
        // Else a moderator could strip an admin's (or a fellow moderator's) posts and profile.
        if (action === 'remove_content' && account.role !== 'member' && me.role !== 'admin') {
          throw new ServiceError(403, ONLY_ADMIN_REMOVES_STAFF_CONTENT);
        }
        const keys = action === 'remove_content' ? await removeContent(tx, afterCommit, report) : [];
        await closeOpenReports(tx, report, { by: me.id, action, note });
        const detail = `${report.targetType} ${report.targetId}`;
        await recordAction(tx, { actorId: me.id, action, target: account, reportId, detail, note });
        return { account, keys };
      });
      if (outcome.keys.length > 0) await removeStoredFiles(storage, outcome.keys);
      if (action === 'suspend_user') await auth.endSessions(outcome.account.id);
      return { message: DONE[action], report_id: reportId, action };
    },

    async unsuspend(me: Staff, userId: number): Promise<UnsuspendResponse> {
      requireStaff(me);
      const account = await transaction(db, async (tx) => {
        const found = await lockAccount(tx, userId);
        if (!found) throw new ServiceError(404, 'User not found');
        if (!found.suspendedAt) throw conflict('This account is not suspended');
        // Else a moderator could undo an admin's suspension of a fellow moderator.
        if (found.role !== 'member' && me.role !== 'admin') throw new ServiceError(403, ONLY_ADMIN_UNSUSPENDS_MODERATOR);
        await setSuspended(tx, userId, null);
        await recordAction(tx, { actorId: me.id, action: 'unsuspend_user', target: found, detail: `user ${userId}` });
        return found;
      });
      return { message: `${account.username} can sign in again`, user_id: userId };
    },

    async audit(me: Staff, page: Paging): Promise<AuditLogResponse> {
      if (me.role !== 'admin') throw new ServiceError(404, NOT_FOUND);
      const rows = await auditEntries(db, { limit: page.limit, before: page.cursor === undefined ? undefined : Number(page.cursor) });
      const { shown, next_cursor } = pageOf(rows, page.limit);
      const entries = shown.map((r) => ({
        id: r.id,
        action: r.action,
        actor: r.actorId === null || r.actorName === null ? null : { user_id: r.actorId, username: r.actorName },
        target_user: r.targetUsername === '' && r.targetUserId === null ? null : { user_id: r.targetUserId, username: r.targetUsername },
        report_id: r.reportId,
        detail: r.detail,
        note: r.note,
        created_at: r.createdAt.toISOString(),
      }));
      return { entries, next_cursor };
    },

    /** The image of a reported chat message in the caller's queue (null when there is none, it is gone or resolved). */
    async reportImage(me: Staff, reportId: number) {
      requireStaff(me);
      return reportedImage(db, reportId, me.id);
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
