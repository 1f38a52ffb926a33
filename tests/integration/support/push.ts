/** NOTE: web push helpers for the tests (ADR 053): subscribing a person's session, and waiting for the queue. */
import { expect } from 'vitest';
import type { SignedUp } from './accounts.ts';
import type { TestDatabase } from './database.ts';
import type { PushService, TestSubscription } from './push-service.ts';
import { sql } from './social.ts';
import type { SavepointServer } from '../../../src/server/savepoint-server.ts';

/** Subscribes this session's browser at the test push service. */
export async function subscribe(service: PushService, who: SignedUp): Promise<TestSubscription> {
  const subscription = service.subscription();
  const res = await who.client.post('/api/push/subscriptions', { endpoint: subscription.endpoint, keys: subscription.keys });
  expect(res.status, res.text).toBe(201);
  return subscription;
}

type Node = { database: TestDatabase; server: SavepointServer };

/**
 * Waits until every push gathered so far on these nodes has been handed on (a room's newest message waits out its
 * quiet time first) and worked: no push job waiting, running or due. A push job that failed, or is waiting to be
 * tried again, fails the test: a "nothing was pushed" check must not pass because the fan-out broke. After it, a
 * push that has not arrived is not coming.
 */
export async function pushesSettled(nodes: Node | Node[], ms = 20_000): Promise<void> {
  const all = Array.isArray(nodes) ? nodes : [nodes];
  const deadline = Date.now() + ms;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
  while (all.some((n) => n.server.services.push!.dispatch.pending() > 0)) {
    if (Date.now() > deadline) throw new Error('pushes still gathered in a dispatcher');
    await pause();
  }
  for (;;) {
    const rows = await sql<{ state: string; n: number }>(
      all[0]!.database,
      `select state, count(*)::int as n from jobs.job where name in ('push-fanout', 'push-deliver')
         and (state in ('retry', 'failed') or (state in ('created', 'active') and start_after <= now())) group by state`,
    );
    const broken = rows.filter((r) => r.state === 'retry' || r.state === 'failed');
    if (broken.length > 0) throw new Error(`push jobs went wrong: ${JSON.stringify(broken)}`);
    if (rows.length === 0) return;
    if (Date.now() > deadline) throw new Error(`push jobs still pending: ${JSON.stringify(rows)}`);
    await pause();
  }
}
