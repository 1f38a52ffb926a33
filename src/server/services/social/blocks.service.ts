/**
 * NOTE: blocking (ADR 021). A block is mutual invisibility: whoever blocked whom, the two neither find, see,
 * follow, befriend, message, like, comment on nor hear about each other.
 * Rules for callers:
 * - `canInteract` / `requireInteraction` is THE decision "may these two deal with each other". Actions that name
 *   a person (request, accept, follow, chat with, add to a group) call `requireInteraction`: 403 CANNOT_INTERACT.
 * - Lists and lookups do not call it per row: they put `eitherBlocked` (blocks.queries.ts) in their own SQL, and
 *   something found by looking (a profile, a post) that is hidden answers the same 404 as an unknown one.
 * - Inside a transaction that creates a follow or friendship, pass `{ tx }` so the pair lock is taken (a block
 *   committing at the same moment then waits, and removes what this transaction created).
 */
import type { BlockedUser } from '../../../shared/api-types.ts';
import type { Db } from '../../db/client.ts';
import { transaction, type Executor, type Tx } from '../../db/transaction.ts';
import { blockedAmong, deleteBlock, insertBlock, listBlocked, lockPair, severPair } from './blocks.queries.ts';
import { ServiceError, badRequest } from '../../errors.ts';
import type { EventBus } from '../event-bus.ts';
import { findPerson, type Person } from '../profiles/people.queries.ts';

export const CANNOT_INTERACT = "You can't interact with this user";
/** The blocked list answers at most this many people, newest first (ADR 021). */
export const BLOCKED_LIST_LIMIT = 500;

/** Whether `me` and every one of `others` may deal with each other (no block either way). */
export async function canInteract(exec: Executor, me: number, others: number | number[]): Promise<boolean> {
  return (await blockedAmong(exec, me, Array.isArray(others) ? others : [others])).length === 0;
}

/** `canInteract` or 403. With `tx`, first takes the pair lock against a concurrent block (one other person). */
export async function requireInteraction(exec: Executor, me: number, others: number | number[], opts: { tx?: Tx } = {}) {
  if (opts.tx && !Array.isArray(others)) await lockPair(opts.tx, me, others, 'shared');
  if (!(await canInteract(opts.tx ?? exec, me, others))) throw new ServiceError(403, CANNOT_INTERACT);
}

export function createBlocksService(deps: { db: Db; bus: EventBus }) {
  const { db, bus } = deps;

  return {
    /** Idempotent. Ends friendship, requests (and their notifications) and follows both ways, in one transaction. */
    async block(me: Person, username: string): Promise<void> {
      const other = await findPerson(db, username);
      if (other.id === me.id) throw badRequest('You cannot block yourself');
      await transaction(db, async (tx, afterCommit) => {
        await lockPair(tx, me.id, other.id, 'exclusive');
        await insertBlock(tx, me.id, other.id);
        const removed = await severPair(tx, me.id, other.id);
        for (const n of removed) afterCommit(() => bus.toUsers([n.userId], 'notification_removed', { id: n.id }));
      });
    },

    /** Idempotent; lifts only the caller's own block (the other's block of them, if any, stays). */
    async unblock(me: Person, username: string): Promise<void> {
      const other = await findPerson(db, username);
      await deleteBlock(db, me.id, other.id);
    },

    list: (me: Person): Promise<BlockedUser[]> => listBlocked(db, me.id, BLOCKED_LIST_LIMIT),
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
