/**
 * NOTE: the durable job queue (ADR 051): pg-boss on the site's own PostgreSQL, in the schema `jobs`, shared by every
 * node. Rules for callers:
 * - `define(name, options)` each queue once at start (idempotent across nodes and restarts);
 * - `send(name, data, { tx })` inside the transaction that makes the job necessary: the job exists exactly when the
 *   rows it works on were committed, and a rollback leaves no job behind; `insert(name, jobs)` for many at once;
 * - `work(name, concurrency, handler)` to run jobs on this node. A handler may run again (a retry, or after a node
 *   died mid-way: an active job whose heartbeat stops is failed and retried), so it must be safe to repeat;
 * - `stop()` aborts the handlers' signal and waits for them: a job cut off is retried, here or on another node.
 */
import { fromDrizzle, PgBoss, type Clock, type Job, type JobInsert, type Queue, type SendOptions } from 'pg-boss';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Logger } from '../logger.ts';
import type { Tx } from '../db/transaction.ts';

const JOBS_SCHEMA = 'jobs';
/** How often a node checks for expired jobs and jobs whose worker stopped beating (a node killed mid-job). */
const SUPERVISE_SECONDS = 10;
/** A worker proves it is alive this often; a job silent for longer is failed and retried elsewhere (pg-boss's minimum). */
export const HEARTBEAT_SECONDS = 10;

export type JobHandler<T> = (job: { id: string; data: T; retryCount: number }, signal: AbortSignal) => Promise<void>;

export type { Clock };

/** `clock`: the system's unless a test drives time by hand (pg-boss's TestClock, which the database reads too). */
export async function createJobQueue(opts: { connection: pg.PoolConfig; log: Logger; clock?: Clock }) {
  const { connection, log, clock } = opts;
  const boss = new PgBoss({
    ...(connection as Record<string, unknown>),
    schema: JOBS_SCHEMA,
    max: 4,
    application_name: 'savepoint-jobs',
    // A job sent on any node wakes an idle worker at once instead of at its next poll.
    useListenNotify: true,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    openTelemetry: { enabled: false },
    ...(clock ? { clock } : {}),
  });
  boss.on('error', (err: Error) => log.error({ message: err.message }, 'job queue error'));
  boss.on('warning', (warning: { message: string }) => log.warn({ message: warning.message }, 'job queue warning'));
  await boss.start();
  const stopping = new AbortController();
  const running = new Set<Promise<unknown>>();
  const worked = new Set<string>();

  return {
    async define(name: string, options: Omit<Queue, 'name'>): Promise<void> {
      const existing = await boss.getQueue(name);
      if (existing) await boss.updateQueue(name, options);
      else
        await boss.createQueue(name, options).catch(async (err: unknown) => {
          // Another node created it between the look and the create.
          if (!(await boss.getQueue(name))) throw err;
        });
    },

    /** Answers the job's id. `tx`: the job is part of that transaction. */
    async send<T extends object>(name: string, data: T, options: SendOptions & { tx?: Tx } = {}): Promise<string> {
      const { tx, ...rest } = options;
      const id = await boss.send(name, data, { ...rest, ...(tx ? { db: fromDrizzle(tx, sql) } : {}) });
      if (!id) throw new Error(`job not created on ${name}`);
      return id;
    },

    /** Many jobs in one statement (a fan-out's deliveries); none when `jobs` is empty. */
    async insert<T extends object>(name: string, jobs: Array<JobInsert<T>>): Promise<void> {
      if (jobs.length > 0) await boss.insert(name, jobs);
    },

    /**
     * `pollSeconds`: how often an idle worker looks for jobs (2 s). A queue defined with `notify` is woken at once by
     * new jobs, so it may poll rarely; a delayed job (startAfter) still waits for a poll.
     */
    async work<T>(name: string, concurrency: number, handler: JobHandler<T>, pollSeconds = 2): Promise<void> {
      worked.add(name);
      const polling = { pollingIntervalSeconds: pollSeconds, notifyPollingIntervalSeconds: pollSeconds };
      await boss.work<T>(name, { localConcurrency: concurrency, batchSize: 1, ...polling }, async ([job]: Job<T>[]) => {
        const attempt = { id: job!.id, data: job!.data, retryCount: job!.retryCount };
        const run = handler(attempt, AbortSignal.any([stopping.signal, job!.signal]));
        running.add(run);
        try {
          await run;
        } finally {
          running.delete(run);
        }
      });
    },

    async stop(): Promise<void> {
      // No new job first: one fetched after the abort would start already stopped.
      await Promise.all([...worked].map((name) => boss.offWork(name, { wait: false }).catch(() => {})));
      stopping.abort();
      await Promise.allSettled([...running]);
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}

export type JobQueue = Awaited<ReturnType<typeof createJobQueue>>;
