import { afterEach, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { ask, followsAmong, hearsNothing, idOf, nameOf, notificationsOf } from './support/social.ts';
import { closeAllSockets, connectAs } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

const reject = (who: SignedUp, request_id: unknown, opts = {}) => who.client.delete('/api/friends/reject', { request_id }, opts);
const statusBetween = async (a: SignedUp, b: SignedUp) =>
  (await app.server.services.friends.relationship(idOf(a), idOf(b))).friendship_status;

describe('DELETE /api/friends/reject', () => {
  it('returns the pair to none without telling the requester, who keeps following and may ask again', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(ann, ben)).body;
    const annHearsNothing = hearsNothing(app, await connectAs(ann.client), ann);
    const res = await reject(ben, request_id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Friend request rejected' });
    expect(await app.server.services.friends.relationship(idOf(ben), idOf(ann))).toEqual({
      friendship_status: 'none',
      friendship_id: null,
      friend_request_from: null,
    });
    await annHearsNothing();
    expect((await notificationsOf(ann)).notifications.map((n) => n.data.title)).toEqual(['marker']);
    expect(await followsAmong(app.database, [ann, ben])).toEqual([`${nameOf(ann)}>${nameOf(ben)}`]);
    expectError(await reject(ben, request_id), 404, 'Friend request not found');
    expect((await ask(ann, ben)).status).toBe(201);
  });

  it('lets the one who was asked ask back after rejecting, as a fresh request', async () => {
    const [cat, dan] = [await signUp(app.origin), await signUp(app.origin)];
    const first = (await ask(cat, dan)).body;
    await reject(dan, first.request_id);
    const again = await ask(dan, cat);
    expect(again.status, again.text).toBe(201);
    expect(again.body.request_id).not.toBe(first.request_id);
    expect(await app.server.services.friends.relationship(idOf(cat), idOf(dan))).toMatchObject({ friend_request_from: idOf(dan) });
  });

  it('answers 404 to the sender, a third person, and for friends (an accepted request is not rejectable)', async () => {
    const [eve, fay, gus] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(eve, fay)).body;
    expectError(await reject(eve, request_id), 404, 'Friend request not found');
    expectError(await reject(gus, request_id), 404, 'Friend request not found');
    expect(await statusBetween(eve, fay)).toBe('pending');
    await fay.client.post('/api/friends/accept', { request_id });
    expectError(await reject(fay, request_id), 404, 'Friend request not found');
    expect(await statusBetween(eve, fay)).toBe('accepted');
  });

  it('refuses bad request_id values (400), no JSON body (400/415), a missing session (401) and CSRF (403)', async () => {
    const [hal, ivy] = [await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(hal, ivy)).body;
    for (const bad of [String(request_id), 'x', 2.5, 0, -3, 2 ** 31, null]) expectError(await reject(ivy, bad), 400, /request_id/);
    expectError(await ivy.client.delete('/api/friends/reject'), 415);
    expectError(await ivy.client.delete('/api/friends/reject', {}), 400, 'request_id is required');
    expectError(await reject(ivy, request_id, { csrf: false }), 403);
    expectError(await (await app.visitor()).delete('/api/friends/reject', { request_id }), 401);
    expect(await statusBetween(hal, ivy)).toBe('pending');
  });
});
