import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS } from '../../../shared/schemas/moderation.ts';
import { REPORT_REASONS, REPORT_TARGETS, RESOLVE_ACTIONS, type ReportReason } from '../../../shared/moderation-values.ts';
import { users } from './users.ts';

const REASONS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];
const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * What a member reported. `targetId` is the reported thing's id (a bigint for chat messages); `targetUserId` is
 * whose it is (the reported user themselves for 'user'), so suspending from a report needs no second lookup and
 * the report goes when that account is deleted. A report is open until `resolvedAt`; one open report per
 * reporter and target.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REASONS }).notNull(),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution', { enum: RESOLVE_ACTIONS }),
    note: text('note').notNull().default(''),
  },
  (t) => [
    check('reports_target_known', sql`${t.targetType} in (${list(REPORT_TARGETS)})`),
    check('reports_reason_known', sql`${t.reason} in (${list(REASONS)})`),
    check('reports_resolution_known', sql`${t.resolution} is null or ${t.resolution} in (${list(RESOLVE_ACTIONS)})`),
    uniqueIndex('reports_open_once_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.resolvedAt} is null`),
    // The queue: open reports newest first.
    index('reports_open_idx')
      .on(t.id.desc())
      .where(sql`${t.resolvedAt} is null`),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_target_user_idx').on(t.targetUserId),
  ],
);

/**
 * The audit log: every moderation action and role change, kept when the people in it are deleted (their ids
 * become null; `targetUsername` keeps who it was about readable). `actorId` is null for the admin CLI.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetUsername: text('target_username').notNull().default(''),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    // What the action was about, e.g. 'media 12' or 'role moderator'.
    detail: text('detail').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('moderation_actions_known', sql`${t.action} in (${list(AUDIT_ACTIONS)})`)],
);

export type ReportRow = typeof reports.$inferSelect;
export type ModerationActionRow = typeof moderationActions.$inferSelect;
