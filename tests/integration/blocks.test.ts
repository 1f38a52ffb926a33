import { afterEach, describe, expect, it } from 'vitest';
import type { BlockedUsersResponse } from '../../src/shared/api-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { ask, block, followsAmong, idOf, nameOf, notificationsOf, unblock } from './support/social.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

const blockPath = (who: SignedUp | string) => `/api/profile/@${typeof who === 'string' ? who : nameOf(who)}/block`;
const blockedOf = async (who: SignedUp) => (await who.client.get<BlockedUsersResponse>('/api/profile/blocked')).body.blocked;
const statusBetween = async (a: SignedUp, b: SignedUp) =>
  (await app.server.services.friends.relationship(idOf(a), idOf(b))).friendship_status;
/** `n` new accounts (typed as four; take as many as you asked for). */
const people = async (n: number) =>
  (await Promise.all(Array.from({ length: n }, () => signUp(app.origin)))) as [SignedUp, SignedUp, SignedUp, SignedUp];

describe('POST /api/profile/@{username}/block', () => {
  it('ends the friendship and the follows both ways, and is idempotent', async () => {
    const [ann, ben] = await people(2);
    await befriend(ann, ben);
    const res = await ann.client.post(blockPath(ben));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'User blocked' });
    expect(await statusBetween(ann, ben)).toBe('none');
    expect(await followsAmong(app.database, [ann, ben])).toEqual([]);
    const again = await ann.client.post(blockPath(nameOf(ben).toUpperCase()));
    expect(again.status, again.text).toBe(200);
    expect((await blockedOf(ann)).map((b) => b.user_id)).toEqual([idOf(ben)]);
  });

  it('deletes a pending request either way with its notification, and withdraws it from the live bell', async () => {
    const [cat, dan] = await people(2);
    await ask(dan, cat);
    const [notice] = (await notificationsOf(cat)).notifications;
    const socket = await connectAs(cat.client);
    const removed = nextEvent(socket, 'notification_removed', 5000);
    await block(cat, dan);
    expect(await removed).toEqual({ id: notice!.id });
    expect(await statusBetween(cat, dan)).toBe('none');
    expect(await notificationsOf(cat)).toMatchObject({ notifications: [], unread_count: 0 });
    expect(await followsAmong(app.database, [cat, dan])).toEqual([]);
  });

  it('refuses yourself (400), unknown people (404), no session (401) and no CSRF token (403)', async () => {
    const [eve, fay] = await people(2);
    expectError(await eve.client.post(blockPath(eve)), 400, 'You cannot block yourself');
    expectError(await eve.client.post(blockPath('nobody_here_at_all')), 404, 'User not found');
    expectError(await eve.client.post(blockPath(fay), undefined, { csrf: false }), 403);
    expectError(await (await app.visitor()).post(blockPath(fay)), 401);
    expect(await blockedOf(eve)).toEqual([]);
  });
});

describe('DELETE /api/profile/@{username}/block', () => {
  it('lifts your own block although their profile is 404 to you; idempotent; their block of you stays', async () => {
    const [gus, hal] = await people(2);
    await block(gus, hal);
    await block(hal, gus);
    expectError(await gus.client.get(`/api/profile/@${nameOf(hal)}`), 404, 'User not found');
    const res = await gus.client.delete(blockPath(hal));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'User unblocked' });
    expect((await gus.client.delete(blockPath(hal))).status).toBe(200);
    expect(await blockedOf(gus)).toEqual([]);
    expect((await blockedOf(hal)).map((b) => b.username)).toEqual([nameOf(gus)]);
    // Still hidden: hal's block holds both ways.
    expectError(await gus.client.get(`/api/profile/@${nameOf(hal)}`), 404, 'User not found');
    await unblock(hal, gus);
    expect((await gus.client.get(`/api/profile/@${nameOf(hal)}`)).status).toBe(200);
  });

  it('refuses unknown people (404), no session (401) and no CSRF token (403)', async () => {
    const [ivy, jon] = await people(2);
    await block(ivy, jon);
    expectError(await ivy.client.delete(blockPath('nobody_here_at_all')), 404, 'User not found');
    expectError(await ivy.client.delete(blockPath(jon), undefined, { csrf: false }), 403);
    expectError(await (await app.visitor()).delete(blockPath(jon)), 401);
    // Someone else cannot lift ivy's block by calling it themselves: it lifts only their own (none).
    const kim = await signUp(app.origin);
    expect((await kim.client.delete(blockPath(jon))).status).toBe(200);
    expect((await blockedOf(ivy)).map((b) => b.user_id)).toEqual([idOf(jon)]);
  });
});

describe('GET /api/profile/blocked', () => {
  it('lists only the people you blocked, newest first, with when', async () => {
    const [lea, max, ned, oli] = await people(4);
    await block(lea, max);
    await block(lea, ned);
    await block(oli, lea);
    const list = await blockedOf(lea);
    expect(list.map((b) => b.username)).toEqual([nameOf(ned), nameOf(max)]);
    expect(Date.parse(list[0]!.blocked_at)).toBeGreaterThanOrEqual(Date.parse(list[1]!.blocked_at));
    expect(Object.keys(list[0]!).sort()).toEqual(['blocked_at', 'user_id', 'username']);
    expect(await blockedOf(max)).toEqual([]);
    expectError(await (await app.visitor()).get('/api/profile/blocked'), 401);
  });
});
