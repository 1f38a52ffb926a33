/**
 * NOTE: transactions that announce their effects only once they are durable. A service runs its writes in
 * `transaction(db, (tx, afterCommit) => ...)` and queues live pushes with `afterCommit(fn)`; they run after the
 * commit, in order, and never when the transaction rolls back (each attempt has its own queue, so a retried
 * transaction announces once). Functions that may join a caller's transaction take an `Executor`.
 * A transaction PostgreSQL aborts to break a deadlock (two writers locking the same rows in opposite orders)
 * runs again, a few times at most, so `work` must do nothing outside the database but queue `afterCommit`.
 */
import type { Db } from './client.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The pool or an open transaction: what a query runs on. */
export type Executor = Db | Tx;
export type AfterCommit = (fn: () => void) => void;

/** How many times work PostgreSQL aborted to break a deadlock is tried in all. */
export const DEADLOCK_ATTEMPTS = 3;

/**
 * Waits a random 5–50 ms per attempt made before trying again. When both sides of a deadlock time out together
 * PostgreSQL may abort both; retried at the same instant they would lock in opposite orders again.
 */
export const pauseAfterDeadlock = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 45)));

export async function transaction<T>(db: Db, work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const queued: Array<() => void> = [];
    try {
      const result = await db.transaction((tx) => work(tx, (fn) => void queued.push(fn)));
      for (const fn of queued) fn();
      return result;
    } catch (err) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(err)) throw err;
      await pauseAfterDeadlock(attempt);
    }
  }
}

const hasCode = (err: unknown, wanted: string) => {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return code(err) === wanted || code((err as { cause?: unknown } | null)?.cause) === wanted;
};

/** PostgreSQL's deadlock_detected: it aborted this transaction so that the other one could go on. */
export const isDeadlock = (err: unknown): boolean => hasCode(err, '40P01');

/** PostgreSQL's unique_violation, as thrown by pg directly or wrapped by drizzle (DrizzleQueryError.cause). */
export const isUniqueViolation = (err: unknown): boolean => hasCode(err, '23505');

/** PostgreSQL's foreign_key_violation: what a write racing the deletion of its parent row meets. */
export const isForeignKeyViolation = (err: unknown): boolean => hasCode(err, '23503');
