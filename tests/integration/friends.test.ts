import { afterEach, describe, expect, it } from 'vitest';
import type { FriendRequestResponse, FriendsResponse, NotificationsResponse } from '../../src/shared/api-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();
afterEach(closeAllSockets);

const ask = (from: SignedUp, to: SignedUp) =>
  from.client.post<FriendRequestResponse>('/api/friends/request', { username: to.registration.username });
const relationship = (a: SignedUp, b: SignedUp) => app.server.services.friends.relationship(a.auth.user.user_id, b.auth.user.user_id);
const latest = async (who: SignedUp) => (await who.client.get<NotificationsResponse>('/api/notifications/')).body.notifications[0];

describe('friend requests', () => {
  it('sends a request, notifies the addressee live, and accepting makes them friends', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    const benSocket = await connectAs(ben.client);
    const pushed = nextEvent(benSocket, 'notification');
    const sent = await ask(ann, ben);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({ status: 'pending', request_id: expect.any(Number) });
    expect(await pushed).toMatchObject({
      type: 'friend_request',
      data: { sender_username: ann.registration.username, message: `${ann.registration.username} sent you a friend request` },
    });
    expect(await relationship(ben, ann)).toEqual({
      friendship_status: 'pending',
      friendship_id: sent.body.request_id,
      friend_request_from: ann.auth.user.user_id,
    });

    const accepted = await ben.client.post('/api/friends/accept', { request_id: sent.body.request_id });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ friend: { friend_id: ann.auth.user.user_id, username: ann.registration.username } });
    expect((await ann.client.get<FriendsResponse>('/api/friends/')).body.friends).toEqual([
      { friend_id: ben.auth.user.user_id, username: ben.registration.username },
    ]);
    expect(await latest(ann)).toMatchObject({
      viewed: false,
      data: { receiver_username: ben.registration.username, message: `${ben.registration.username} accepted your friend request` },
    });
    expect(await latest(ben)).toMatchObject({
      viewed: true,
      data: { sender_id: ann.auth.user.user_id, message: `You accepted ${ann.registration.username} friend request` },
    });
    expectError(await ask(ann, ben), 409, 'You are already friends');
  });

  it('refuses yourself, unknown users and duplicates', async () => {
    const [cat, dan] = [await signUp(app.origin), await signUp(app.origin)];
    expectError(await ask(cat, cat), 400, 'You cannot send a friend request to yourself');
    expectError(await cat.client.post('/api/friends/request', { username: 'nobody_here_at_all' }), 404, 'User not found');
    expectError(await cat.client.post('/api/friends/request', {}), 400, 'Username is required');
    expect((await ask(cat, dan)).status).toBe(201);
    expectError(await ask(cat, dan), 409, 'Friend request already sent');
  });

  it('asking someone who already asked you accepts their request', async () => {
    const [eve, fay] = [await signUp(app.origin), await signUp(app.origin)];
    const first = await ask(eve, fay);
    const second = await ask(fay, eve);
    expect(second.status, second.text).toBe(200);
    expect(second.body).toMatchObject({ status: 'accepted', request_id: first.body.request_id });
  });

  it('only the addressee accepts or rejects; others get 404', async () => {
    const [gus, hal, ivy] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(gus, hal)).body;
    for (const someone of [gus, ivy]) {
      expectError(await someone.client.post('/api/friends/accept', { request_id }), 404, 'Friend request not found');
      expectError(await someone.client.delete('/api/friends/reject', { request_id }), 404, 'Friend request not found');
    }
    expectError(await hal.client.post('/api/friends/accept', { request_id: 'x' }), 400);
    const rejected = await hal.client.delete('/api/friends/reject', { request_id });
    expect(rejected.body).toEqual({ message: 'Friend request rejected' });
    expect((await relationship(gus, hal)).friendship_status).toBe('none');
    expect((await ask(gus, hal)).status).toBe(201);
  });

  it('opposite requests at the same moment end in one friendship, never a 500', async () => {
    const [jon, kim] = [await signUp(app.origin), await signUp(app.origin)];
    const answers = await Promise.all([ask(jon, kim), ask(kim, jon)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect((await relationship(jon, kim)).friendship_status).toBe('accepted');
  });

  it('needs a session and the CSRF token', async () => {
    const [lee, max] = [await signUp(app.origin), await signUp(app.origin)];
    expectError(await lee.client.post('/api/friends/request', { username: max.registration.username }, { csrf: false }), 403);
    expectError(await app.client().get('/api/friends/'), 401);
  });
});
