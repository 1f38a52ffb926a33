import { afterEach, describe, expect, it } from 'vitest';
import type { FriendsResponse } from '../../src/shared/api-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { ask, followsAmong, idOf, nameOf, notificationsOf } from './support/social.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

const accept = (who: SignedUp, request_id: unknown) => who.client.post('/api/friends/accept', { request_id });

/** Spec §2: the requester hears '{receiver} accepted…'; the accepter's own row says 'You accepted…' and is already viewed. */
const acceptedNotices = (requester: SignedUp, accepter: SignedUp) => ({
  requester: {
    type: 'friend_request_accepted',
    viewed: false,
    data: {
      receiver_id: idOf(accepter),
      receiver_username: nameOf(accepter),
      title: 'Accepted Friend Request',
      message: `${nameOf(accepter)} accepted your friend request`,
    },
  },
  accepter: {
    type: 'friend_request_accepted',
    viewed: true,
    data: {
      sender_id: idOf(requester),
      sender_username: nameOf(requester),
      title: 'Accepted Friend Request',
      message: `You accepted ${nameOf(requester)} friend request`,
    },
  },
});

describe('POST /api/friends/accept', () => {
  it('makes the two friends who follow each other', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(ann, ben)).body;
    const res = await accept(ben, request_id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Friend request accepted', request_id, friend: { friend_id: idOf(ann), username: nameOf(ann) } });
    expect(await followsAmong(app.database, [ann, ben])).toEqual([`${nameOf(ann)}>${nameOf(ben)}`, `${nameOf(ben)}>${nameOf(ann)}`].sort());
    expect((await ben.client.get<FriendsResponse>('/api/friends/')).body).toEqual({
      friends: [{ friend_id: idOf(ann), username: nameOf(ann) }],
      next_cursor: null,
    });
    expect(await app.server.services.friends.relationship(idOf(ann), idOf(ben))).toEqual({
      friendship_status: 'accepted',
      friendship_id: request_id,
      friend_request_from: idOf(ann),
    });
  });

  it('stores and pushes both friend_request_accepted texts; only the requester’s badge rises', async () => {
    const [cat, dan] = [await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(cat, dan)).body;
    const [catSocket, danSocket] = [await connectAs(cat.client), await connectAs(dan.client)];
    const pushed = [nextEvent(catSocket, 'notification', 5000), nextEvent(danSocket, 'notification', 5000)];
    expect((await accept(dan, request_id)).status).toBe(200);

    const expected = acceptedNotices(cat, dan);
    const [catList, danList] = [await notificationsOf(cat), await notificationsOf(dan)];
    expect(catList.notifications).toEqual([expect.objectContaining(expected.requester)]);
    expect(catList.unread_count).toBe(1);
    expect(danList.notifications[0]).toEqual(expect.objectContaining(expected.accepter));
    expect(danList.notifications[1]).toMatchObject({ type: 'friend_request' });
    expect(danList.unread_count).toBe(1); // the friend_request only: accepting added nothing unread
    expect(await Promise.all(pushed)).toEqual([catList.notifications[0], danList.notifications[0]]);
  });

  it('asking someone who already asked you accepts theirs: 200, same id, same follows and texts', async () => {
    const [eve, fay] = [await signUp(app.origin), await signUp(app.origin)];
    const first = await ask(eve, fay);
    const second = await ask(fay, eve);
    expect(second.status, second.text).toBe(200);
    expect(second.body).toEqual({ message: 'Friend request accepted', request_id: first.body.request_id, status: 'accepted' });
    expect(await followsAmong(app.database, [eve, fay])).toEqual([`${nameOf(eve)}>${nameOf(fay)}`, `${nameOf(fay)}>${nameOf(eve)}`].sort());
    const expected = acceptedNotices(eve, fay);
    expect((await notificationsOf(eve)).notifications).toEqual([expect.objectContaining(expected.requester)]);
    expect((await notificationsOf(fay)).notifications[0]).toEqual(expect.objectContaining(expected.accepter));
  });

  it('answers 404 to the sender, to a third person, and for a request already accepted', async () => {
    const [gus, hal, ivy] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(gus, hal)).body;
    expectError(await accept(gus, request_id), 404, 'Friend request not found');
    expectError(await accept(ivy, request_id), 404, 'Friend request not found');
    expectError(await accept(hal, request_id + 1000), 404, 'Friend request not found');
    expect((await app.server.services.friends.relationship(idOf(gus), idOf(hal))).friendship_status).toBe('pending');
    expect(await followsAmong(app.database, [gus, hal, ivy])).toEqual([`${nameOf(gus)}>${nameOf(hal)}`]);
    expect((await accept(hal, request_id)).status).toBe(200);
    expectError(await accept(hal, request_id), 404, 'Friend request not found');
  });

  it('refuses request_id values that are not positive whole numbers (400), a missing session (401) and CSRF (403)', async () => {
    const [jon, kim] = [await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(jon, kim)).body;
    for (const bad of ['1', 'x', 1.5, 0, -1, 2 ** 31, null, true, [request_id], { id: request_id }]) {
      expectError(await accept(kim, bad), 400, /request_id/);
    }
    expectError(await kim.client.post('/api/friends/accept', {}), 400, 'request_id is required');
    expectError(await kim.client.post('/api/friends/accept', { request_id }, { csrf: false }), 403);
    expectError(await (await app.visitor()).post('/api/friends/accept', { request_id }), 401);
    expect((await app.server.services.friends.relationship(idOf(jon), idOf(kim))).friendship_status).toBe('pending');
  });
});
