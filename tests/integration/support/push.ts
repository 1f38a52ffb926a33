/** NOTE: web push helpers for the tests (ADR 053): subscribing a person's session, and waiting for the queue. */
import { expect } from 'vitest';
import type { SignedUp } from './accounts.ts';
import type { TestDatabase } from './database.ts';
import type { PushService, TestSubscription } from './push-service.ts';
import { sql } from './social.ts';

/** Subscribes this session's browser at the test push service. */
export async function subscribe(service: PushService, who: SignedUp): Promise<TestSubscription> {
  const subscription = service.subscription();
  const res = await who.client.post('/api/push/subscriptions', { endpoint: subscription.endpoint, keys: subscription.keys });
  expect(res.status, res.text).toBe(201);
  return subscription;
}

/**
 * Waits until every push gathered so far has been handed on and worked: past the dispatcher's window, then until no
 * push job is waiting or running. After it, a push that has not arrived is not coming.
 */
export async function pushesSettled(database: TestDatabase, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  await new Promise((resolve) => setTimeout(resolve, 400));
  for (;;) {
    const [row] = await sql<{ n: number }>(
      database,
      `select count(*)::int as n from jobs.job where name in ('push-fanout', 'push-deliver') and state in ('created', 'retry', 'active')
         and start_after <= now()`,
    );
    if (row!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${row!.n} push jobs still pending`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
