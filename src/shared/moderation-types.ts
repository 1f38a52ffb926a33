/** NOTE: response shapes of the report and moderation calls, shared by the API and the moderation screens. */
import type { PersonRef } from './api-types.ts';
import type { AuditAction } from './schemas/moderation.ts';
import type { ReportReason, ReportTarget, ResolveAction, Role } from './moderation-values.ts';

/** POST /api/reports (201). */
export type ReportCreatedResponse = { message: string; report_id: number };

/**
 * What a report points at, as the moderator needs to judge it: the words (caption, comment, message or bio),
 * a picture or video when there is one, where it was said, and whether it is already gone.
 */
export type ReportedContent = {
  target_type: ReportTarget;
  target_id: number;
  /** Whose it is (the reported person for 'user'). */
  author: PersonRef;
  text: string;
  /** A signed URL (posts) or an API path (chat images) the moderator may open; null when there is none. */
  media_url: string | null;
  media_type: 'image' | 'video' | null;
  /** Where it was said: 'Post', 'Comment on a post by alice', 'Group chat “Raid night”', 'Profile'. */
  context: string;
  /** True when the content was deleted after the report (by its author or another moderator). */
  removed: boolean;
};

export type ModerationReport = {
  id: number;
  reason: ReportReason;
  details: string;
  created_at: string;
  reporter: PersonRef;
  content: ReportedContent;
  /** The reported person's account state, so a moderator sees who is already suspended. */
  target_user: PersonRef & { role: Role; suspended: boolean };
};

/** GET /api/moderation/reports?limit=&cursor=: open reports, newest first. */
export type ModerationReportsResponse = { reports: ModerationReport[]; next_cursor: string | null };

/** POST /api/moderation/reports/{id}/resolve. */
export type ResolveReportResponse = { message: string; report_id: number; action: ResolveAction };

/** POST /api/moderation/users/{user_id}/unsuspend. */
export type UnsuspendResponse = { message: string; user_id: number };

export type AuditEntry = {
  id: number;
  action: AuditAction;
  /** Null when the admin CLI acted. */
  actor: PersonRef | null;
  /** Null when the action was about no one; `user_id` is null once that account is deleted. */
  target_user: { user_id: number | null; username: string } | null;
  report_id: number | null;
  detail: string;
  note: string;
  created_at: string;
};

/** GET /api/moderation/audit?limit=&cursor= (admins only): newest first. */
export type AuditLogResponse = { entries: AuditEntry[]; next_cursor: string | null };
