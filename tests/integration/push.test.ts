/**
 * Web push (ADR 053) against a push service on loopback that checks VAPID and decrypts what it gets
 * (support/push-service.ts): subscribing and its refusals, the payload and headers of each kind of push, the
 * preferences, mutes, open tabs, blocks, suspensions, deleted content, and what the push service's answers do.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../src/shared/api-types.ts';
import type { PushKeyResponse, PushPreferencesResponse } from '../../src/shared/push-types.ts';
import { signInElsewhere, signUp, type SignedUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, say } from './support/chat.ts';
import { newCommunity } from './support/communities.ts';
import { newGame } from './support/games.ts';
import { newLfg, seated } from './support/lfg.ts';
import { post } from './support/media.ts';
import { pushesSettled, subscribe } from './support/push.ts';
import { startPushService } from './support/push-service.ts';
import { useTestServer } from './support/server.ts';
import { block, nameOf, sql } from './support/social.ts';
import { connectAs } from './support/sockets.ts';

const service = await startPushService();
afterAll(async () => {
  await service.close();
  // Every push that arrived carried a valid VAPID token for this push service and decrypted cleanly.
  expect(service.problems).toEqual([]);
});
const SUBJECT = 'mailto:ops@savepoint.test';
const app = useTestServer({ PUSH_ENDPOINT_HOSTS: service.host, VAPID_SUBJECT: SUBJECT });
const people = (n: number) => Promise.all(Array.from({ length: n }, () => signUp(app.origin)));
const subscriptionRows = (endpoint: string) => sql(app.database, 'select user_id from push_subscriptions where endpoint = $1', [endpoint]);

describe('subscribing', () => {
  it('gives the VAPID public key to signed-in people only', async () => {
    const [ann] = await people(1);
    const res = await ann!.client.get<PushKeyResponse>('/api/push/key');
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body.public_key, 'base64url')).toHaveLength(65);
    const visitor = await signUp(app.origin).then((s) => (s.client.cookies.clear(), s.client));
    expect((await visitor.get('/api/push/key')).status).toBe(401);
  });

  it('refuses endpoints that are not https push services, private addresses and malformed keys, storing nothing', async () => {
    const [ann] = await people(1);
    const good = service.subscription();
    const refused = async (endpoint: string, keys: unknown = good.keys) => {
      const res = await ann!.client.post<{ error: string }>('/api/push/subscriptions', { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      return res.body.error;
    };
    const path = new URL(good.endpoint).pathname;
    expect(await refused(good.endpoint.replace('https:', 'http:'))).toBe('Endpoint must be an https URL');
    expect(await refused('https://evil.example/push/1')).toBe('Endpoint is not a known push service');
    expect(await refused(`https://fcm.googleapis.com.evil.example${path}`)).toBe('Endpoint is not a known push service');
    expect(await refused(`https://localhost:1${path}`)).toBe('Endpoint is not a known push service');
    expect(await refused(`https://127.0.0.1:${new URL(good.endpoint).port}${path}`)).toBe('Endpoint is not a known push service');
    expect(await refused(`https://169.254.169.254/latest/meta-data`)).toBe('Endpoint is not a known push service');
    expect(await refused(`https://user:pw@${service.host}${path}`)).toBe('Endpoint must not hold a user name or password');
    expect(await refused('not a url')).toBe('Endpoint must be an https URL');
    expect(await refused(good.endpoint, { p256dh: good.keys.p256dh.slice(1), auth: good.keys.auth })).toBe(
      'keys.p256dh is not a P-256 public key',
    );
    expect(await refused(good.endpoint, { p256dh: `B${'A'.repeat(86)}`, auth: good.keys.auth })).toBe(
      'keys.p256dh is not a P-256 public key',
    );
    expect(await refused(good.endpoint, { p256dh: good.keys.p256dh, auth: 'short' })).toBe('keys.auth is not a 16-byte secret');
    expect(await refused(good.endpoint, 'keys')).toBe('keys must be an object with p256dh and auth');
    expect(await refused(`${good.endpoint}\u0000`)).toBeTruthy();
    expect((await ann!.client.post('/api/push/subscriptions', { endpoint: good.endpoint, keys: good.keys }, { csrf: false })).status).toBe(
      403,
    );
    expect(await subscriptionRows(good.endpoint)).toEqual([]);
  });

  it('keeps one subscription per session, moves an endpoint to whoever subscribes it, and drops it when the session ends', async () => {
    const [ann, ben] = await people(2);
    const first = await subscribe(service, ann!);
    const second = await subscribe(service, ann!); // the browser subscribed again with a new endpoint
    expect(await subscriptionRows(first.endpoint)).toEqual([]);
    expect(await subscriptionRows(second.endpoint)).toHaveLength(1);
    // Ben signs in on the same browser profile: its endpoint is his now.
    const res = await ben!.client.post('/api/push/subscriptions', { endpoint: second.endpoint, keys: second.keys });
    expect(res.status).toBe(201);
    expect(await subscriptionRows(second.endpoint)).toEqual([{ user_id: ben!.auth.user.user_id }]);
    // Ann cannot unsubscribe what is Ben's; Ben can.
    expect((await ann!.client.delete('/api/push/subscriptions', { endpoint: second.endpoint })).status).toBe(200);
    expect(await subscriptionRows(second.endpoint)).toHaveLength(1);
    expect((await ben!.client.delete('/api/push/subscriptions', { endpoint: second.endpoint })).status).toBe(200);
    expect(await subscriptionRows(second.endpoint)).toEqual([]);
    const third = await subscribe(service, ann!);
    expect((await ann!.client.post('/api/auth/logout')).status).toBe(200);
    expect(await subscriptionRows(third.endpoint)).toEqual([]);
  });

  it('keeps at most ten devices per person, the newest', async () => {
    const [ann] = await people(1);
    const endpoints: string[] = [];
    for (let i = 0; i < 11; i++) {
      const client = await signInElsewhere(app.origin, ann!.registration);
      endpoints.push((await subscribe(service, { ...ann!, client })).endpoint);
    }
    const kept = await sql<{ endpoint: string }>(app.database, 'select endpoint from push_subscriptions where user_id = $1', [
      ann!.auth.user.user_id,
    ]);
    expect(kept.map((r) => r.endpoint).sort()).toEqual(endpoints.slice(1).sort());
  });
});

describe('what is pushed', () => {
  it('a friend request: encrypted, signed for the push service with the subject, a TTL of hours, opening the sender', async () => {
    const [ann, ben] = await people(2);
    const sub = await subscribe(service, ann!);
    expect((await ben!.client.post('/api/friends/request', { username: nameOf(ann!) })).status).toBe(201);
    const [got] = await service.next(sub.id);
    expect(got!.payload).toEqual({
      title: 'Friend Request',
      body: `${nameOf(ben!)} sent you a friend request`,
      url: `/profile/${nameOf(ben!)}`,
      tag: expect.stringMatching(/^notification-\d+$/),
      icon: '/icons/icon-192.png',
    });
    const key = (await ann!.client.get<PushKeyResponse>('/api/push/key')).body.public_key;
    expect(got!.vapid).toMatchObject({ aud: service.origin, sub: SUBJECT, publicKey: key });
    const now = Date.now() / 1000;
    expect(got!.vapid.exp).toBeGreaterThan(now);
    expect(got!.vapid.exp).toBeLessThanOrEqual(now + 24 * 3600);
    expect(Number(got!.headers.ttl)).toBe(12 * 3600);
    expect(service.problems).toEqual([]);
  });

  it('a chat message: titled with the sender, its text, opening the chat, one tag and topic per chat', async () => {
    const [ann, ben] = await people(2);
    await befriend(ann!, ben!);
    await pushesSettled(app); // the acceptance's push finds no subscription yet
    const sub = await subscribe(service, ann!);
    const room = await createDirect(ben!, ann!);
    await say(ben!, room, 'gg, one more?');
    const [got] = await service.next(sub.id);
    expect(got!.payload).toMatchObject({ title: nameOf(ben!), body: 'gg, one more?', url: `/chats/${room}`, tag: `chat-${room}` });
    expect(got!.headers).toMatchObject({ topic: `chat-${room}`, urgency: 'high', ttl: String(4 * 3600) });
  });

  it('a group message names the group and the sender; muted rooms and turned-off messages push nothing', async () => {
    const [ann, ben, cat] = await people(3);
    await befriend(ann!, ben!, cat!);
    await pushesSettled(app);
    const [annSub, benSub] = [await subscribe(service, ann!), await subscribe(service, ben!)];
    const room = await createGroup(ann!, 'Raid crew', [ben!, cat!]);
    expect((await ben!.client.post(`/api/chat/toggle-mute/${room}`)).status).toBe(200);
    await say(cat!, room, 'ready');
    const [got] = await service.next(annSub.id);
    expect(got!.payload).toMatchObject({ title: 'Raid crew', body: `${nameOf(cat!)}: ready` });
    const off = { messages: false, friend_requests: true, comments: true, likes: false, lfg: true, communities: true };
    expect((await ann!.client.put('/api/push/preferences', off)).body).toEqual({ preferences: off });
    await say(cat!, room, 'still there?');
    await pushesSettled(app);
    expect(service.to(annSub.id)).toHaveLength(1);
    expect(service.to(benSub.id)).toHaveLength(0);
  });

  it('likes only once turned on; comments by default; preferences are validated', async () => {
    const [ann, ben] = await people(2);
    const sub = await subscribe(service, ann!);
    const defaults = (await ann!.client.get<PushPreferencesResponse>('/api/push/preferences')).body;
    expect(defaults).toEqual({
      preferences: { messages: true, friend_requests: true, comments: true, likes: false, lfg: true, communities: true },
    });
    const mine = await post(ann!);
    expect((await ben!.client.post(`/api/media/${mine.id}/like`)).status).toBe(200);
    expect((await ben!.client.post(`/api/media/${mine.id}/comments`, { content: 'clean' })).status).toBe(201);
    const [comment] = await service.next(sub.id);
    expect(comment!.payload).toMatchObject({ title: 'New Comment', url: `/profile?post=${mine.id}` });
    await pushesSettled(app);
    expect(service.to(sub.id)).toHaveLength(1);
    const bad = await ann!.client.put<{ error: string }>('/api/push/preferences', { ...defaults.preferences, likes: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('likes must be true or false');
    expect((await ann!.client.put('/api/push/preferences', { likes: true })).status).toBe(400);
    expect((await ann!.client.put('/api/push/preferences', { ...defaults.preferences, likes: true })).status).toBe(200);
    const other = await post(ann!);
    expect((await ben!.client.post(`/api/media/${other.id}/like`)).status).toBe(200);
    const [, like] = await service.next(sub.id, 2);
    expect(like!.payload).toMatchObject({ title: 'New Like', tag: `likes-${other.id}` });
  });

  it('groups and communities: a request to join reaches the host and the moderators, acceptance the player', async () => {
    const [host, player] = await people(2);
    const [hostSub, playerSub] = [await subscribe(service, host!), await subscribe(service, player!)];
    const game = await newGame(app);
    const id = await newLfg(host!, game.slug, { title: 'Ranked duo' });
    await seated(host!, id, player!);
    const [asked] = await service.next(hostSub.id);
    expect(asked!.payload).toMatchObject({
      title: 'Wants to Play',
      body: `${nameOf(player!)} asked to join “Ranked duo”`,
      url: `/lfg/${id}`,
      tag: `lfg-${id}`,
    });
    expect((await service.next(playerSub.id))[0]!.payload).toMatchObject({ title: "You're In", url: `/lfg/${id}` });
    const slug = await newCommunity(host!, 'request');
    expect((await player!.client.post(`/api/communities/${slug}/join`)).status).toBe(200);
    const [, request] = await service.next(hostSub.id, 2);
    expect(request!.payload).toMatchObject({ title: 'Join Request', url: `/communities/${slug}/settings#requests` });
  });
});

describe('what is never pushed', () => {
  it('anything while one of the person’s tabs is connected', async () => {
    const [ann, ben] = await people(2);
    await befriend(ann!, ben!);
    await pushesSettled(app); // the acceptance's push finds no subscription yet
    const sub = await subscribe(service, ann!);
    const room = await createDirect(ben!, ann!);
    const tab = await connectAs(ann!.client);
    await say(ben!, room, 'you there?');
    await pushesSettled(app);
    expect(service.to(sub.id)).toHaveLength(0);
    tab.close();
    await say(ben!, room, 'guess not');
    expect((await service.next(sub.id))[0]!.payload.body).toBe('guess not');
  });

  it('messages from someone blocked, in a group both are in', async () => {
    const [ann, ben, cat] = await people(3);
    await befriend(ann!, ben!, cat!);
    await pushesSettled(app);
    const sub = await subscribe(service, ann!);
    const room = await createGroup(ann!, 'Squad', [ben!, cat!]);
    await block(ann!, cat!);
    await say(cat!, room, 'hello?');
    // Worked out on its own (a later message in the room would be pushed in its place).
    await pushesSettled(app);
    await say(ben!, room, 'hi all');
    await service.next(sub.id);
    await pushesSettled(app);
    expect(service.to(sub.id).map((p) => p.payload.body)).toEqual([`${nameOf(ben!)}: hi all`]);
  });

  it('a notification whose post was deleted or whose sender was suspended by the time it goes out', async () => {
    const [ann, ben, cat, dan] = await people(4);
    const sub = await subscribe(service, ann!);
    const mine = await post(ann!);
    const tab = await connectAs(ann!.client); // holds the pushes back while the content goes
    expect((await ben!.client.post(`/api/media/${mine.id}/comments`, { content: 'nice' })).status).toBe(201);
    expect((await cat!.client.post('/api/friends/request', { username: nameOf(ann!) })).status).toBe(201);
    expect((await dan!.client.post('/api/friends/request', { username: nameOf(ann!) })).status).toBe(201);
    const ids = (await ann!.client.get<NotificationsResponse>('/api/notifications')).body.notifications.map((n) => n.id);
    expect(ids).toHaveLength(3);
    await pushesSettled(app);
    expect(service.to(sub.id)).toHaveLength(0);
    expect((await ann!.client.delete(`/api/media/${mine.id}`)).status).toBe(200);
    await sql(app.database, 'update users set suspended_at = now() where id = $1', [cat!.auth.user.user_id]);
    tab.close();
    const push = app.server.services.push!;
    await expect.poll(() => push.presence.connected([ann!.auth.user.user_id])).toEqual(new Set());
    // The same three again, as a retried fan-out would: only Dan's request still stands.
    await push.fanout.fanout({ data: { notifications: ids, messages: [] } });
    await pushesSettled(app);
    expect(service.to(sub.id).map((p) => p.payload.body)).toEqual([`${nameOf(dan!)} sent you a friend request`]);
  });
});

describe('the push service’s answers', () => {
  const friendRequest = (from: SignedUp, to: SignedUp) => from.client.post('/api/friends/request', { username: nameOf(to) });

  it('404 and 410 delete the subscription', async () => {
    for (const status of [404, 410]) {
      const [ann, ben] = await people(2);
      const sub = await subscribe(service, ann!);
      service.answer(sub.id, status);
      expect((await friendRequest(ben!, ann!)).status).toBe(201);
      await pushesSettled(app);
      expect(await subscriptionRows(sub.endpoint)).toEqual([]);
    }
  });

  it('429 is tried again after Retry-After; the test push reaches only this device', async () => {
    const [ann] = await people(1);
    expect((await ann!.client.post<{ error: string }>('/api/push/test')).body).toEqual({ error: 'This device is not subscribed' });
    const sub = await subscribe(service, ann!);
    service.answer(sub.id, 429, { 'Retry-After': '1' }, 1);
    expect((await ann!.client.post('/api/push/test')).status).toBe(200);
    const [got] = await service.next(sub.id, 1, 20_000);
    expect(got!.payload).toMatchObject({ title: 'Savepoint', body: 'Notifications are on for this device.' });
    expect(await subscriptionRows(sub.endpoint)).toHaveLength(1);
  });
});
