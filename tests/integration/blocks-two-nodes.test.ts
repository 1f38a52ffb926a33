/**
 * A block made through one node reaches what the other node keeps in memory for blocks: typing in a 1-on-1, relayed
 * by the other node from its cached audience, stops once that node has heard the block (the database announces it
 * to every node at commit), and flows again once it has heard the unblock. Same-node timing is in
 * blocks-visibility.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.ts';
import { befriend, createDirect } from './support/chat.ts';
import { block, idOf, unblock } from './support/social.ts';
import { closeAllSockets, connectAt, emitRaw, nextEvent, type TestSocket } from './support/sockets.ts';
import { useTwoNodes } from './support/two-nodes.ts';

const site = useTwoNodes();
afterEach(closeAllSockets);

async function typed(who: TestSocket, room: number, listener: TestSocket, ms = 500): Promise<unknown> {
  const heard = nextEvent(listener, 'typing', ms);
  emitRaw(who, 'typing', { room_id: room, isTyping: true });
  return heard;
}

describe('a block made through another node', () => {
  it('stops typing in a 1-on-1 relayed by this node from its cache, and the unblock lets it flow again', async () => {
    const [fox, gil] = [await signUp(site.a.origin), await signUp(site.a.origin)];
    await befriend(fox, gil);
    const direct = await createDirect(fox, gil);
    // gil types through node B, whose relay caches the room's audience; fox listens on node A.
    const [gilOnB, foxOnA] = [await connectAt(site.b.origin, gil.client), await connectAt(site.a.origin, fox.client)];
    expect(await typed(gilOnB, direct, foxOnA)).toMatchObject({ room_id: direct, user_id: idOf(gil) });

    await block(fox, gil); // through node A
    await site.b.server.sessionCache.settle(); // node B has heard everything committed so far
    expect(await typed(gilOnB, direct, foxOnA)).toBe('timeout');

    await unblock(fox, gil);
    await site.b.server.sessionCache.settle();
    expect(await typed(gilOnB, direct, foxOnA)).toMatchObject({ room_id: direct, user_id: idOf(gil) });
  });
});
