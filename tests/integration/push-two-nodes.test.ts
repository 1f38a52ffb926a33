/**
 * Web push across two nodes (ADR 053): a tab open on either node holds back the push, whichever node's worker fans
 * it out; both nodes sign with the same configured VAPID keys.
 */
import webpush from 'web-push';
import { afterAll, expect, it } from 'vitest';
import type { PushKeyResponse } from '../../src/shared/push-types.ts';
import { signUp } from './support/accounts.ts';
import { befriend, createDirect, say } from './support/chat.ts';
import { pushesSettled, subscribe } from './support/push.ts';
import { startPushService } from './support/push-service.ts';
import { connectAt } from './support/sockets.ts';
import { useTwoNodes } from './support/two-nodes.ts';

const service = await startPushService();
afterAll(() => service.close());
const keys = webpush.generateVAPIDKeys();
const site = useTwoNodes({ PUSH_ENDPOINT_HOSTS: service.host, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });

it('pushes a message only once none of the person’s tabs is connected, on either node', async () => {
  const ann = await signUp(site.a.origin);
  const ben = await signUp(site.a.origin);
  await befriend(ann, ben);
  expect((await ann.client.get<PushKeyResponse>('/api/push/key')).body.public_key).toBe(keys.publicKey);
  await pushesSettled([site.a, site.b]);
  const sub = await subscribe(service, ann);
  const room = await createDirect(ben, ann);
  // Ann's tab is on node B; Ben writes through node A, and either node may fan the push out.
  const tab = await connectAt(site.b.origin, ann.client);
  // Node A knows of the tab on node B (what its fan-outs ask).
  expect(await site.a.server.services.push!.presence.connected([ann.auth.user.user_id, ben.auth.user.user_id])).toEqual(
    new Set([ann.auth.user.user_id]),
  );
  for (const text of ['one', 'two', 'three']) await say(ben, room, text);
  await pushesSettled([site.a, site.b]);
  expect(service.to(sub.id)).toEqual([]);
  tab.close();
  await new Promise((resolve) => setTimeout(resolve, 200)); // the disconnect reaches node B
  await say(ben, room, 'still on?');
  const [got] = await service.next(sub.id);
  expect(got!.payload.body).toBe('still on?');
  expect(got!.vapid.publicKey).toBe(keys.publicKey);
});
