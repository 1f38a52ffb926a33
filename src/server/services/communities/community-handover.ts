/**
 * NOTE: what becomes of the communities a person owns when their account is deleted (ADR 049), run inside the
 * deletion's transaction: each passes to its longest-serving moderator, else the member who joined first (never
 * a suspended account), and the mod log says so; a community nobody else is in is deleted with everything in it.
 * Answers the storage keys of the files to remove after the commit.
 */
import type { Tx } from '../../db/transaction.ts';
import { deleteCommunity, lockOwnedBy, setOwner } from './communities.queries.ts';
import { setRole, successorOf } from './members.queries.ts';
import { logAction } from './modlog.queries.ts';

export async function handOverCommunities(tx: Tx, ownerId: number): Promise<string[]> {
  const owned = await lockOwnedBy(tx, ownerId);
  const files: string[] = [];
  for (const { id } of owned) {
    const heir = await successorOf(tx, id, ownerId);
    if (heir === null) {
      files.push(...(await deleteCommunity(tx, id)));
      continue;
    }
    await setRole(tx, id, heir, 'owner');
    await setOwner(tx, id, heir);
    await logAction(tx, {
      communityId: id,
      actorId: ownerId,
      action: 'transfer',
      targetId: heir,
      detail: 'the owner deleted their account',
    });
  }
  return files;
}
