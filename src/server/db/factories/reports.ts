/**
 * NOTE: inserts a report row directly, as if a member had reported something (tests and seed data). It checks
 * nothing: pass the target's real owner as `targetUserId` (the reported person themselves for 'user').
 */
import type { ReportReason, ReportTarget } from '../../../shared/moderation-values.ts';
import type { Executor } from '../transaction.ts';
import { reports } from '../schema/index.ts';

export type ReportSeed = {
  reporterId: number;
  targetType: ReportTarget;
  targetId: number;
  targetUserId: number;
  reason?: ReportReason;
  details?: string;
};

export async function insertReport(exec: Executor, seed: ReportSeed): Promise<number> {
  const [row] = await exec
    .insert(reports)
    .values({ reason: 'spam', details: '', ...seed })
    .returning({ id: reports.id });
  return row!.id;
}
