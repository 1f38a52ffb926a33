import { afterEach, describe, expect, it } from 'vitest';
import type { FriendsResponse } from '../../src/shared/api-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { ask, followsAmong, idOf, nameOf, notificationsOf } from './support/social.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

const unfriend = (who: SignedUp, id: unknown, opts = {}) => who.client.delete(`/api/friends/${String(id)}`, undefined, opts);
const cancel = (who: SignedUp, id: unknown, opts = {}) => who.client.delete(`/api/friends/request/${String(id)}`, undefined, opts);
const friendsOf = async (who: SignedUp) => (await who.client.get<FriendsResponse>('/api/friends/')).body.friends;
const statusBetween = async (a: SignedUp, b: SignedUp) =>
  (await app.server.services.friends.relationship(idOf(a), idOf(b))).friendship_status;

describe('DELETE /api/friends/{friend_id}', () => {
  it('ends the friendship and the follows both ways, for either friend; the pair may befriend again', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(ann, ben);
    const res = await unfriend(ben, idOf(ann));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Friend removed' });
    expect(await statusBetween(ann, ben)).toBe('none');
    expect(await friendsOf(ann)).toEqual([]);
    expect(await followsAmong(app.database, [ann, ben])).toEqual([]);
    expectError(await unfriend(ann, idOf(ben)), 404, 'Friend not found');
    await befriend(ann, ben);
    expect(await statusBetween(ann, ben)).toBe('accepted');
  });

  it('answers 404 for a pending request, a stranger, someone else’s friend, unknown and bad ids', async () => {
    const [cat, dan, eve] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    await ask(cat, dan);
    await befriend(dan, eve);
    expectError(await unfriend(cat, idOf(dan)), 404, 'Friend not found');
    expectError(await unfriend(dan, idOf(cat)), 404, 'Friend not found');
    expectError(await unfriend(cat, idOf(eve)), 404, 'Friend not found');
    for (const bad of ['x', '0', '-1', '2.5', String(2 ** 31), '99999999999999999999', '1e3']) {
      expectError(await unfriend(dan, bad), 404, 'Friend not found');
    }
    expect(await statusBetween(cat, dan)).toBe('pending');
    expect(await statusBetween(dan, eve)).toBe('accepted');
  });

  it('needs a session (401) and the CSRF token (403)', async () => {
    const [fay, gus] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(fay, gus);
    expectError(await unfriend(fay, idOf(gus), { csrf: false }), 403);
    expectError(await (await app.visitor()).delete(`/api/friends/${idOf(gus)}`), 401);
    expect(await statusBetween(fay, gus)).toBe('accepted');
  });

  it('keeps DELETE /api/friends/reject working beside it', async () => {
    const [hal, ivy] = [await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(hal, ivy)).body;
    const res = await ivy.client.delete('/api/friends/reject', { request_id });
    expect(res.status, res.text).toBe(200);
  });
});

describe('DELETE /api/friends/request/{request_id}', () => {
  it('lets the sender withdraw it: the addressee’s notification goes (live too), the sender keeps following', async () => {
    const [jon, kim] = [await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(jon, kim)).body;
    const [notice] = (await notificationsOf(kim)).notifications;
    expect(notice?.type).toBe('friend_request');
    const socket = await connectAs(kim.client);
    const removed = nextEvent(socket, 'notification_removed', 5000);
    const res = await cancel(jon, request_id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Friend request cancelled' });
    expect(await removed).toEqual({ id: notice!.id });
    expect(await notificationsOf(kim)).toMatchObject({ notifications: [], unread_count: 0 });
    expect(await statusBetween(jon, kim)).toBe('none');
    expect(await followsAmong(app.database, [jon, kim])).toEqual([`${nameOf(jon)}>${nameOf(kim)}`]);
    expectError(await cancel(jon, request_id), 404, 'Friend request not found');
    expectError(await kim.client.post('/api/friends/accept', { request_id }), 404, 'Friend request not found');
    expect((await ask(jon, kim)).status).toBe(201);
  });

  it('answers 404 to the addressee, a third person, for an accepted request, unknown and bad ids', async () => {
    const [lea, max, ned] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(lea, max)).body;
    expectError(await cancel(max, request_id), 404, 'Friend request not found');
    expectError(await cancel(ned, request_id), 404, 'Friend request not found');
    for (const bad of ['x', '0', '-4', '1.5', String(2 ** 31), String(request_id + 1000)]) {
      expectError(await cancel(lea, bad), 404, 'Friend request not found');
    }
    expect(await statusBetween(lea, max)).toBe('pending');
    await max.client.post('/api/friends/accept', { request_id });
    expectError(await cancel(lea, request_id), 404, 'Friend request not found');
    expect(await statusBetween(lea, max)).toBe('accepted');
  });

  it('needs a session (401) and the CSRF token (403)', async () => {
    const [oli, pam] = [await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(oli, pam)).body;
    expectError(await cancel(oli, request_id, { csrf: false }), 403);
    expectError(await (await app.visitor()).delete(`/api/friends/request/${request_id}`), 401);
    expect(await statusBetween(oli, pam)).toBe('pending');
    expect((await notificationsOf(pam)).notifications).toHaveLength(1);
  });
});
