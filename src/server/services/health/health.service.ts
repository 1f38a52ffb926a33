/**
 * NOTE: liveness (the database answers) and readiness (this node can serve a request now: the database, the
 * media store and, when configured, Redis answer, and the node is not shutting down). Rules for callers:
 * - `addCheck` registers a part that only exists in some set-ups (Redis), before the node listens;
 * - `startDraining` is one-way: from then on readiness fails at once, without asking anything.
 * A check's error is never shown: it could carry a host name or credentials. Only the part's name is.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';

/** A part that answers slower than this counts as down: a load balancer's check must not hang. */
const CHECK_TIMEOUT_MS = 2_000;

export type ReadinessCheck = () => Promise<unknown>;
export type Readiness = { ready: boolean; draining: boolean; checks: Record<string, 'ok' | 'failed'> };

function withinDeadline(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)));
  const answered = check().then(
    () => true,
    () => false,
  );
  return Promise.race([answered, late]).finally(() => clearTimeout(timer));
}

export function createHealthService(db: Db, storage: MediaStorage) {
  const databaseAnswers = () => db.execute(sql`select 1`);
  const checks = new Map<string, ReadinessCheck>([
    ['database', databaseAnswers],
    ['storage', () => storage.probe()],
  ]);
  let draining = false;

  return {
    async databaseReachable(): Promise<boolean> {
      return withinDeadline(databaseAnswers);
    },
    addCheck(name: string, check: ReadinessCheck) {
      checks.set(name, check);
    },
    startDraining() {
      draining = true;
    },
    async readiness(): Promise<Readiness> {
      if (draining) return { ready: false, draining: true, checks: {} };
      const results = await Promise.all([...checks].map(async ([name, check]) => [name, await withinDeadline(check)] as const));
      return {
        ready: results.every(([, ok]) => ok),
        draining: false,
        checks: Object.fromEntries(results.map(([name, ok]) => [name, ok ? 'ok' : 'failed'])),
      };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
