/**
 * NOTE: roles, reports and moderation decisions, shared by the report dialog, the moderation queue and the API.
 * A report names what it points at by `target_type` and that thing's id; the reasons are a short fixed list so
 * the queue can be read at a glance, with optional words from the reporter.
 */
import * as v from 'valibot';
import {
  MODERATION_NOTE_MAX,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_TARGETS,
  RESOLVE_ACTIONS,
  type ReportReason,
} from '../moderation-values.ts';
import { MAX_BIGINT_ID, MAX_INT_ID, listPageSchema, plainText, requiredObject } from './fields.ts';

/** POST /api/reports. Messages are bigint ids; everything else an integer id. */
export const reportSchema = v.pipe(
  requiredObject({
    target_type: v.picklist(REPORT_TARGETS, `target_type must be one of ${REPORT_TARGETS.join(', ')}`),
    target_id: v.pipe(
      v.number('target_id is required'),
      v.integer('target_id must be a whole number'),
      v.minValue(1, 'target_id must be a positive number'),
      v.maxValue(MAX_BIGINT_ID, 'target_id is out of range'),
    ),
    reason: v.picklist(Object.keys(REPORT_REASONS) as ReportReason[], 'Please choose a reason'),
    details: v.optional(
      v.pipe(
        v.string('details must be text'),
        v.trim(),
        v.maxLength(REPORT_DETAILS_MAX, `Details must be at most ${REPORT_DETAILS_MAX} characters`),
        plainText('Details', { newlines: true }),
      ),
      '',
    ),
  }),
  v.check((r) => r.target_type === 'message' || r.target_id <= MAX_INT_ID, 'target_id is out of range'),
);
export type ReportInput = v.InferInput<typeof reportSchema>;

/** POST /api/moderation/reports/{id}/resolve. */
export const resolveReportSchema = requiredObject({
  action: v.picklist(RESOLVE_ACTIONS, `action must be one of ${RESOLVE_ACTIONS.join(', ')}`),
  note: v.optional(
    v.pipe(
      v.string('note must be text'),
      v.trim(),
      v.maxLength(MODERATION_NOTE_MAX, `Note must be at most ${MODERATION_NOTE_MAX} characters`),
      plainText('Note', { newlines: true }),
    ),
    '',
  ),
});
export type ResolveReportInput = v.InferInput<typeof resolveReportSchema>;

/** What the audit log records; the first three are report resolutions, the last two catalogue fixes. */
export const AUDIT_ACTIONS = [...RESOLVE_ACTIONS, 'unsuspend_user', 'grant_role', 'revoke_role', 'rename_game', 'merge_game'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The queue and the audit log are paged newest first; a cursor is the last id of a page. */
export const MODERATION_PAGE_DEFAULT = 20;
export const MODERATION_PAGE_MAX = 50;
export const moderationPageSchema = listPageSchema(
  (c) => /^\d{1,10}$/.test(c) && Number(c) >= 1 && Number(c) <= MAX_INT_ID,
  MODERATION_PAGE_DEFAULT,
  MODERATION_PAGE_MAX,
);
