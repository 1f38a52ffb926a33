/**
 * NOTE: the SQL of a community's mod log (ADR 049): one row per moderator action, written in the action's own
 * transaction. Names are copied in at the time (an account deleted later leaves its name in the log).
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { ModlogEntry } from '../../../shared/community-types.ts';
import type { ModAction } from '../../../shared/community-values.ts';
import { communityModlog, users } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

const nameOf = (id: number) => sql<string>`(select ${users.username} from ${users} where ${users.id} = ${id})`;

export async function logAction(
  tx: Tx,
  entry: { communityId: number; actorId: number; action: ModAction; targetId?: number | null; reason?: string; detail?: string },
): Promise<void> {
  const target = entry.targetId ?? null;
  await tx.insert(communityModlog).values({
    communityId: entry.communityId,
    actorId: entry.actorId,
    actorName: nameOf(entry.actorId),
    action: entry.action,
    targetId: target,
    targetName: target === null ? null : nameOf(target),
    reason: entry.reason ?? '',
    detail: entry.detail ?? '',
  });
}

/** Newest first; `before` is the last entry's id of the previous page. */
export async function modlogPage(exec: Executor, communityId: number, before: number | null, limit: number): Promise<ModlogEntry[]> {
  const rows = await exec
    .select()
    .from(communityModlog)
    .where(and(eq(communityModlog.communityId, communityId), before === null ? undefined : lt(communityModlog.id, before)))
    .orderBy(desc(communityModlog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor: r.actorName,
    target: r.targetName,
    reason: r.reason,
    detail: r.detail,
    created_at: r.createdAt.toISOString(),
  }));
}
