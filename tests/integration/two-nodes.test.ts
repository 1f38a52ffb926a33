/**
 * Two Savepoint nodes on one database and one real Redis (REDIS_URL, same SESSION_SECRET): every live event
 * produced on one node reaches the right sockets on the other, and a Redis outage neither crashes a node nor holds
 * up its own sockets. Two real processes with a bucket, and a socket moving between nodes, are in
 * two-node-processes.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/shared/chat-types.ts';
import type { NotificationItem } from '../../src/shared/api-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, roomOf, say } from './support/chat.ts';
import type { TestServer } from './support/server.ts';
import { expectTypingAndRenameToCross, useTwoNodes } from './support/two-nodes.ts';
import { closeAllSockets, connectAt, nextDisconnect, nextEvent } from './support/sockets.ts';
import { ask, idOf } from './support/social.ts';
import { isEvent, record, until, watch } from './support/live.ts';
import { post } from './support/media.ts';

const site = useTwoNodes();
afterEach(closeAllSockets);

/** This person's browser, with a socket on `node`. */
const socketOn = (node: TestServer, who: SignedUp) => connectAt(node.origin, who.client);

async function pair(): Promise<{ alice: SignedUp; bob: SignedUp; roomId: number }> {
  const [alice, bob] = [await signUp(site.a.origin), await signUp(site.a.origin)];
  await befriend(alice, bob);
  return { alice, bob, roomId: await createDirect(alice, bob) };
}

const healthy = async (node: TestServer) => (await fetch(`${node.origin}/api/health`)).status;

describe('live events cross nodes', () => {
  it('a chat message sent through node A reaches the participant connected to node B', async () => {
    const { alice, bob, roomId } = await pair();
    const bobOnB = await socketOn(site.b, bob);
    const heard = nextEvent(bobOnB, 'chat_message', 3000);
    await say(alice, roomId, 'hello from A');
    expect(await heard).toMatchObject({ room_id: roomId, content: 'hello from A', sender_id: idOf(alice) });
  });

  it('typing on node A, a group rename and a mark-as-read made through node A reach the sockets on node B', async () => {
    const [owner, ann] = [await signUp(site.a.origin), await signUp(site.a.origin)];
    await befriend(owner, ann);
    const roomId = await createGroup(owner, 'Raid night', [ann]);
    const [ownerOnA, annOnB, ownerOnB] = [await socketOn(site.a, owner), await socketOn(site.b, ann), await socketOn(site.b, owner)];

    await expectTypingAndRenameToCross(owner, ownerOnA, annOnB, ann, roomId);

    const read = nextEvent(ownerOnB, 'mark_all_read', 3000);
    expect((await owner.client.post(`/api/chat/mark-all-read/${roomId}`)).status).toBe(200);
    expect(await read).toEqual({ room_id: roomId });
  });

  it('a like made through node A reaches a watcher on each node once, sent by that node alone (ADR 045)', async () => {
    const [ann, ben, cat] = [await signUp(site.a.origin), await signUp(site.a.origin), await signUp(site.a.origin)];
    const photo = await post(ann);
    const [onA, onB] = [await socketOn(site.a, ben), await socketOn(site.b, cat)];
    const [heardA, heardB] = [record(onA), record(onB)];
    await watch(onA, { posts: [photo.id] });
    await watch(onB, { posts: [photo.id] });
    expect((await ann.client.post(`/api/media/${photo.id}/like`)).status).toBe(200);
    const liked = isEvent('post_counts', { post_id: photo.id, likes: 1, comment_count: 0 });
    await until(heardA, liked);
    await until(heardB, liked);
    // A later marker: had both nodes sent to every node, each socket would have heard the like twice before it.
    await ann.client.post(`/api/media/${photo.id}/comments`, { content: 'marker' });
    const marker = isEvent('post_counts', { post_id: photo.id, comment_count: 1 });
    for (const heard of [heardA, heardB]) expect((await until(heard, marker)).filter(liked)).toHaveLength(1);
  });

  it('a friend request made through node A notifies the recipient on node B', async () => {
    const [alice, carol] = [await signUp(site.a.origin), await signUp(site.a.origin)];
    const carolOnB = await socketOn(site.b, carol);
    const heard = nextEvent(carolOnB, 'notification', 3000);
    expect((await ask(alice, carol)).status).toBe(201);
    expect(((await heard) as NotificationItem).type).toBe('friend_request');
  });

  it('signing out through node A drops that session’s socket on node B', async () => {
    const dave = await signUp(site.a.origin);
    const daveOnB = await socketOn(site.b, dave);
    const dropped = nextDisconnect(daveOnB, 3000);
    expect((await dave.client.post('/api/auth/logout')).status).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });
});

describe('a Redis outage', () => {
  it('crashes neither node, keeps local delivery immediate, and cross-node delivery resumes when Redis returns', async () => {
    const { alice, bob, roomId } = await pair();
    const bobOnA = await socketOn(site.a, bob);
    const bobOnB = await socketOn(site.b, bob);
    // Warm up: both nodes deliver across before the outage.
    const before = nextEvent(bobOnB, 'chat_message', 3000);
    await say(alice, roomId, 'before the outage');
    expect(await before).toMatchObject({ content: 'before the outage' });

    await site.redis.stop();
    // Heard while Redis is still down, so not held until it returns. A publish queued for Redis instead of failing
    // at once would hold it about 10 s (ioredis gives up after 20 reconnections, 50 ms to 1 s apart): 5 s tells the
    // two apart with room for a loaded host, where a tight bound measured the machine.
    const local = nextEvent(bobOnA, 'chat_message', 5_000);
    await say(alice, roomId, 'during the outage');
    expect(await local).toMatchObject({ content: 'during the outage' });
    // A socket dropped while Redis is away (its recovery session cannot be saved) must not bring the node down.
    const leaving = await socketOn(site.a, alice);
    leaving.io.engine.close();
    await new Promise((r) => setTimeout(r, 300));
    expect([await healthy(site.a), await healthy(site.b)]).toEqual([200, 200]);
    expect(bobOnA.connected && bobOnB.connected).toBe(true);

    await site.redis.start();
    let resumed = false;
    for (let attempt = 0; attempt < 20 && !resumed; attempt++) {
      const heard = nextEvent(bobOnB, 'chat_message', 1000);
      await say(alice, roomId, `after the outage ${attempt}`);
      resumed = ((await heard) as ChatMessage | 'timeout') !== 'timeout';
    }
    expect(resumed).toBe(true);
    // Redis never held a message: every one is in the database.
    const contents = (await roomOf(bob, roomId, '?limit=50')).messages.map((m) => m.content);
    expect(contents).toEqual(expect.arrayContaining(['before the outage', 'during the outage', 'after the outage 0']));
  });
});
