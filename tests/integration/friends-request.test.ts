import { afterEach, describe, expect, it } from 'vitest';
import { signInElsewhere, signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { ask, followsAmong, hearsNothing, idOf, nameOf, notificationsOf } from './support/social.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

describe('POST /api/friends/request', () => {
  it('answers 201 pending, and the requester now follows the addressee (not the other way)', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    const res = await ask(ann, ben);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ message: 'Friend request sent', request_id: expect.any(Number), status: 'pending' });
    expect(await followsAmong(app.database, [ann, ben])).toEqual([`${nameOf(ann)}>${nameOf(ben)}`]);
    expect(await app.server.services.friends.relationship(idOf(ben), idOf(ann))).toEqual({
      friendship_status: 'pending',
      friendship_id: res.body.request_id,
      friend_request_from: idOf(ann),
    });
  });

  it("stores the addressee's friend_request notification and pushes it to every socket of theirs, and nobody else's", async () => {
    const [cat, dan, eve] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    const danElsewhere = await signInElsewhere(app.origin, dan.registration);
    const danSockets = [await connectAs(dan.client), await connectAs(dan.client), await connectAs(danElsewhere)];
    const pushed = danSockets.map((s) => nextEvent(s, 'notification', 5000));
    const catHearsNothing = hearsNothing(app, await connectAs(cat.client), cat);
    const eveHearsNothing = hearsNothing(app, await connectAs(eve.client), eve);

    expect((await ask(cat, dan)).status).toBe(201);
    const stored = await notificationsOf(dan);
    expect(stored.unread_count).toBe(1);
    expect(stored.notifications).toEqual([
      {
        id: expect.any(Number),
        type: 'friend_request',
        viewed: false,
        created_at: expect.any(String),
        data: {
          sender_id: idOf(cat),
          sender_username: nameOf(cat),
          title: 'Friend Request',
          message: `${nameOf(cat)} sent you a friend request`,
        },
      },
    ]);
    expect(await Promise.all(pushed)).toEqual([stored.notifications[0], stored.notifications[0], stored.notifications[0]]);
    await catHearsNothing();
    await eveHearsNothing();
  });

  it('finds the addressee whatever the case of the username', async () => {
    const [fay, gus] = [await signUp(app.origin), await signUp(app.origin)];
    const res = await ask(fay, nameOf(gus).toUpperCase());
    expect(res.status, res.text).toBe(201);
    expect((await app.server.services.friends.relationship(idOf(fay), idOf(gus))).friendship_id).toBe(res.body.request_id);
  });

  it('refuses yourself (400), unknown people (404) and a missing username (400)', async () => {
    const hal = await signUp(app.origin);
    expectError(await ask(hal, hal), 400, 'You cannot send a friend request to yourself');
    expectError(await ask(hal, nameOf(hal).toLowerCase()), 400, 'You cannot send a friend request to yourself');
    expectError(await ask(hal, 'nobody_by_this_name'), 404, 'User not found');
    expectError(await hal.client.post('/api/friends/request', {}), 400, 'Username is required');
    expectError(await hal.client.post('/api/friends/request', { username: '  ' }), 400, 'Username is required');
    expect(await notificationsOf(hal)).toMatchObject({ notifications: [], unread_count: 0 });
  });

  it('refuses a second request (409 Friend request already sent) and a request between friends (409 You are already friends)', async () => {
    const [ivy, jon] = [await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(ivy, jon)).body;
    expectError(await ask(ivy, jon), 409, 'Friend request already sent');
    expect((await notificationsOf(jon)).notifications).toHaveLength(1);
    expect((await jon.client.post('/api/friends/accept', { request_id })).status).toBe(200);
    expectError(await ask(ivy, jon), 409, 'You are already friends');
    expectError(await ask(jon, ivy), 409, 'You are already friends');
  });

  it('needs a session (401) and the CSRF token (403)', async () => {
    const [kim, lee] = [await signUp(app.origin), await signUp(app.origin)];
    expectError(await kim.client.post('/api/friends/request', { username: nameOf(lee) }, { csrf: false }), 403);
    const visitor = await app.visitor();
    expectError(await visitor.post('/api/friends/request', { username: nameOf(lee) }), 401, 'Not signed in');
    expect(await app.server.services.friends.relationship(idOf(kim), idOf(lee))).toMatchObject({ friendship_status: 'none' });
  });
});
