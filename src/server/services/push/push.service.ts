/**
 * NOTE: web push wired for one server instance (ADR 053): the subscriptions the routes change, the dispatcher that
 * hears the bus, the fan-out and delivery jobs, and the presence port the realtime layer answers. Built by the
 * backend (it needs the job queue); tools without one have no push.
 */
import type { PushSettings } from '../../push-config.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../logger.ts';
import type { EventBus } from '../event-bus.ts';
import { createEndpointPolicy } from './endpoint-policy.ts';
import { createPresencePort } from './presence.ts';
import { createPushDelivery } from './push-delivery.service.ts';
import { createPushDispatch } from './push-dispatch.ts';
import { createPushFanout } from './push-fanout.service.ts';
import { createPushSubscriptions } from './push-subscriptions.service.ts';
import { loadVapidKeys } from './vapid-keys.ts';

/** `severalNodes`: REDIS_URL is set, so other nodes may sign pushes too (they must use the same keys). */
export async function createPush(deps: {
  db: Db;
  bus: EventBus;
  queue: JobQueue;
  log: Logger;
  settings: PushSettings;
  dataDir: string;
  severalNodes: boolean;
}) {
  const { db, bus, queue, log, settings } = deps;
  const keys = await loadVapidKeys(settings.vapidKeys, deps.dataDir);
  if (!settings.vapidKeys && deps.severalNodes) {
    log.warn(
      'web push keys were generated into DATA_DIR, but REDIS_URL suggests several nodes: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to one pair on every node, or pushes signed elsewhere are refused',
    );
  }
  const policy = createEndpointPolicy(settings.endpointHosts);
  const presence = createPresencePort();
  return {
    presence,
    subscriptions: createPushSubscriptions({ db, policy, publicKey: keys.publicKey }),
    delivery: createPushDelivery({ db, queue, policy, keys, subject: settings.subject, log }),
    fanout: createPushFanout({ db, queue, presence }),
    dispatch: createPushDispatch({ bus, queue, log }),
    /** Sockets kept open to push services close with the node. */
    close: () => policy.agent.destroy(),
  };
}

export type Push = Awaited<ReturnType<typeof createPush>>;
