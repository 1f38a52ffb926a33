/**
 * NOTE: community moderators' power over posts and comments inside their community (ADR 049), for the media
 * services' own delete calls: `removedByModerator` answers whether the actor may remove what `targetId` wrote
 * there (a moderator or the owner, above the writer's role) and, when so, logs it in the community's mod log in
 * the caller's transaction, closing the open reports on it. Outside a community (null) only the site's rules apply.
 */
import type { ModAction } from '../../../shared/community-values.ts';
import type { Tx } from '../../db/transaction.ts';
import { isModerator, outranks } from './access.ts';
import { roleOf } from './members.queries.ts';
import { logAction } from './modlog.queries.ts';
import { resolveReportsOn } from './community-reports.queries.ts';

export async function removedByModerator(
  tx: Tx,
  communityId: number | null,
  actorId: number,
  targetId: number,
  action: Extract<ModAction, 'remove_post' | 'remove_comment'>,
  contentId: number,
): Promise<boolean> {
  if (communityId === null) return false;
  const role = await roleOf(tx, communityId, actorId);
  if (role === null || !isModerator(role) || !outranks(role, await roleOf(tx, communityId, targetId))) return false;
  await logAction(tx, { communityId, actorId, action, targetId });
  await resolveReportsOn(tx, action === 'remove_post' ? 'media' : 'comment', contentId, actorId);
  return true;
}
