import { afterEach, describe, expect, it } from 'vitest';
import { signInElsewhere, signUp } from './support/accounts.ts';
import { closeAllSockets, connect, connectAs, nextDisconnect, nextEvent, refusal, upgradeStatus } from './support/sockets.ts';
import { useTestServer } from './support/server.ts';
import { buildNotification } from '../factories/notifications.ts';

const app = useTestServer();
afterEach(closeAllSockets);

describe('socket handshake', () => {
  it('refuses an anonymous handshake', async () => {
    const visitor = await app.visitor();
    expect(await refusal(app.origin, { token: visitor.csrfToken ?? '', cookie: visitor.cookieHeader(), origin: app.origin })).toBe(
      'Not signed in',
    );
    expect(await refusal(app.origin, {})).toBe('Not signed in');
  });

  it('refuses a session cookie with a wrong or missing auth.token', async () => {
    const { client } = await signUp(app.origin);
    const cookie = client.cookieHeader();
    expect(await refusal(app.origin, { cookie, token: 'wrong-token', origin: app.origin })).toBe('Invalid token');
    expect(await refusal(app.origin, { cookie, origin: app.origin })).toBe('Invalid token');
  });

  it("refuses a token that belongs to someone else's session", async () => {
    const alice = await signUp(app.origin);
    const bob = await signUp(app.origin);
    expect(await refusal(app.origin, { cookie: alice.client.cookieHeader(), token: bob.auth.csrf_token })).toBe('Invalid token');
  });

  it('refuses a foreign Origin even with a valid session and token', async () => {
    const { client } = await signUp(app.origin);
    const handshake = { cookie: client.cookieHeader(), token: client.csrfToken ?? '' };
    expect(await refusal(app.origin, { ...handshake, origin: 'https://evil.example' })).toBe('websocket error');
    // engine.io answers a refused upgrade with 400 before any socket.io traffic.
    expect(await upgradeStatus(app.origin, { ...handshake, origin: 'https://evil.example' })).toBe(400);
    expect(await upgradeStatus(app.origin, { ...handshake, origin: 'null' })).toBe(400);
    expect(await upgradeStatus(app.origin, { ...handshake, origin: app.origin.replace('127.0.0.1', 'localhost') })).toBe(400);
    expect(await upgradeStatus(app.origin, { ...handshake, origin: app.origin })).toBe(101);
    // The same handshake from our own site is accepted: only the Origin made the difference.
    const socket = await connect(app.origin, { ...handshake, origin: app.origin });
    expect(socket.connected).toBe(true);
  });

  it('accepts a signed-in browser, and a non-browser client that sends no Origin', async () => {
    const { client } = await signUp(app.origin);
    expect((await connectAs(client)).connected).toBe(true);
    expect((await connect(app.origin, { cookie: client.cookieHeader(), token: client.csrfToken ?? '' })).connected).toBe(true);
  });

  it('refuses the session cookie once the session is logged out', async () => {
    const { client } = await signUp(app.origin);
    const handshake = { cookie: client.cookieHeader(), token: client.csrfToken ?? '', origin: app.origin };
    await client.post('/api/auth/logout');
    expect(await refusal(app.origin, handshake)).toBe('Not signed in');
  });
});

describe('delivery', () => {
  it("bus.toUsers reaches that user's sockets and nobody else's", async () => {
    const alice = await signUp(app.origin);
    const bob = await signUp(app.origin);
    const aliceTab1 = await connectAs(alice.client);
    const aliceTab2 = await connectAs(alice.client);
    const bobSocket = await connectAs(bob.client);
    const received = [
      nextEvent(aliceTab1, 'notification'),
      nextEvent(aliceTab2, 'notification'),
      nextEvent(bobSocket, 'notification', 500),
    ];
    const payload = buildNotification();
    app.server.bus.toUsers([alice.auth.user.user_id], 'notification', payload);
    expect(await Promise.all(received)).toEqual([payload, payload, 'timeout']);
  });

  it("logout disconnects that session's sockets but not the same user's other session", async () => {
    const { client, registration } = await signUp(app.origin);
    const other = await signInElsewhere(app.origin, registration);
    const doomed = await connectAs(client);
    const survivor = await connectAs(other);

    const doomedGone = nextDisconnect(doomed);
    const survivorGone = nextDisconnect(survivor, 500);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect(await doomedGone).toBe('io server disconnect');
    expect(await survivorGone).toBe('timeout');

    // The surviving socket still receives events for its user.
    const event = nextEvent(survivor, 'upload_progress');
    const { user_id } = (await other.get<{ user_id: number }>('/api/auth/verify')).body;
    app.server.bus.toUsers([user_id], 'upload_progress', { uploading: false });
    expect(await event).toEqual({ uploading: false });
  });
});
