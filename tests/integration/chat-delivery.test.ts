import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/shared/chat-types.ts';
import { signUp } from './support/accounts.ts';
import { befriend, createDirect, roomOf, say } from './support/chat.ts';
import { useTestServer } from './support/server.ts';
import { closeAllSockets, connectAs, type TestSocket } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

/** Drops the socket's transport the way a flaky network does (not a clean client disconnect). */
function dropTransport(socket: TestSocket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('disconnect', (reason) => resolve(reason));
    socket.io.engine.close();
  });
}

function reconnect(socket: TestSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
    socket.connect();
  });
}

describe('nothing lost across a reconnect', () => {
  it('messages sent while a socket was away arrive once each, in order, when it comes back (connection state recovery)', async () => {
    const [me, ann] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(me, ann);
    const room = await createDirect(me, ann);
    const hers = await connectAs(ann.client);
    const heard: ChatMessage[] = [];
    hers.on('chat_message', (m) => heard.push(m));
    const first = await say(me, room, 'before');
    await expect.poll(() => heard.length).toBe(1);

    await dropTransport(hers);
    const missed = [await say(me, room, 'while away 1'), await say(me, room, 'while away 2'), await say(me, room, 'while away 3')];
    await reconnect(hers);
    expect(hers.recovered).toBe(true);
    await expect.poll(() => heard.length).toBe(4);
    const after = await say(me, room, 'after');
    await expect.poll(() => heard.length).toBe(5);
    expect(heard.map((m) => m.id)).toEqual([first, ...missed, after].map((m) => m.id));
  });

  it('a socket the server cannot recover misses the events, and the catch-up call returns exactly the missed messages', async () => {
    const [me, ann] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(me, ann);
    const room = await createDirect(me, ann);
    const lastSeen = await say(me, room, 'seen');
    const missed = [await say(me, room, 'missed 1'), await say(ann, room, 'missed 2')];
    // A brand-new connection (as after a server restart): nothing is replayed…
    const fresh = await connectAs(ann.client);
    expect(fresh.recovered).toBe(false);
    // …so the client asks for everything after the last message it has.
    const catchUp = await roomOf(ann, room, `?after=${lastSeen.id}`);
    expect(catchUp.messages).toEqual(missed);
    expect(catchUp.has_more).toBe(false);
  });

  it('a session signed out while the socket was away is not brought back by recovery', async () => {
    const [me, ann] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(me, ann);
    const hers = await connectAs(ann.client);
    await dropTransport(hers);
    const cookie = ann.client.cookieHeader();
    await ann.client.post('/api/auth/logout');
    for (const [name, value] of cookie.split('; ').map((c) => c.split('='))) ann.client.cookies.set(name!, value!);
    await expect(reconnect(hers)).rejects.toThrow('Not signed in');
  });

  it('a recovered socket now signed in as someone else keeps none of the old account’s rooms', async () => {
    const [me, ann, bob] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    await befriend(me, ann, bob);
    const [annRoom, bobRoom] = [await createDirect(me, ann), await createDirect(me, bob)];
    const tab = await connectAs(ann.client);
    const first = new Promise((resolve) => tab.once('chat_message', resolve));
    await say(me, annRoom, 'hello ann'); // recovery needs the offset of something heard
    await first;
    await dropTransport(tab);
    // The same tab, now holding bob's session (as after signing out and in without a reload).
    tab.io.opts.extraHeaders = { cookie: bob.client.cookieHeader(), origin: bob.client.origin };
    tab.auth = { token: bob.client.csrfToken };
    await reconnect(tab);
    expect(tab.recovered).toBe(true);
    const heard: string[] = [];
    tab.on('chat_message', (m) => heard.push(m.content));
    await say(me, annRoom, 'for ann only');
    await say(me, bobRoom, 'for bob');
    // One socket hears in order: bob's message arriving first proves ann's never will.
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    expect(heard).toEqual(['for bob']);
  });
});
