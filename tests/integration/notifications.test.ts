import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../src/shared/api-types.ts';
import { signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();
afterEach(closeAllSockets);

const notify = (userId: number, n: number) =>
  app.server.services.notifications.notify(userId, 'like', { sender_username: `fan${n}`, sender_id: 1 });

describe('GET /api/notifications/', () => {
  it('answers newest first with the unread count, under both spellings of the path', async () => {
    const alice = await signUp(app.origin);
    const id = alice.auth.user.user_id;
    for (let n = 1; n <= 3; n++) await notify(id, n);
    for (const path of ['/api/notifications/', '/api/notifications']) {
      const res = await alice.client.get<NotificationsResponse>(path);
      expect(res.status, res.text).toBe(200);
      expect(res.body.notifications.map((x) => x.data.sender_username)).toEqual(['fan3', 'fan2', 'fan1']);
      expect(res.body.unread_count).toBe(3);
      expect(res.body.next_before).toBeNull();
      expect(res.body.notifications[0]).toMatchObject({ type: 'like', viewed: false, created_at: expect.any(String) });
    }
  });

  it('pages by ?before without overlap, and the count covers every page', async () => {
    const bob = await signUp(app.origin);
    for (let n = 1; n <= 5; n++) await notify(bob.auth.user.user_id, n);
    const first = await bob.client.get<NotificationsResponse>('/api/notifications/?limit=2');
    expect(first.body.notifications.map((x) => x.data.sender_username)).toEqual(['fan5', 'fan4']);
    expect(first.body.unread_count).toBe(5);
    const second = await bob.client.get<NotificationsResponse>(`/api/notifications/?limit=2&before=${first.body.next_before}`);
    expect(second.body.notifications.map((x) => x.data.sender_username)).toEqual(['fan3', 'fan2']);
    const last = await bob.client.get<NotificationsResponse>(`/api/notifications/?limit=2&before=${second.body.next_before}`);
    expect(last.body.notifications.map((x) => x.data.sender_username)).toEqual(['fan1']);
    expect(last.body.next_before).toBeNull();
  });

  it('shows each person only their own notifications', async () => {
    const carol = await signUp(app.origin);
    const dave = await signUp(app.origin);
    await notify(carol.auth.user.user_id, 1);
    const res = await dave.client.get<NotificationsResponse>('/api/notifications/');
    expect(res.body).toEqual({ notifications: [], unread_count: 0, next_before: null });
  });

  it('refuses bad paging values and signed-out callers', async () => {
    const erin = await signUp(app.origin);
    expectError(await erin.client.get('/api/notifications/?limit=0'), 400, 'limit must be a positive whole number');
    expectError(await erin.client.get('/api/notifications/?limit=500'), 400, 'limit must be at most 50');
    expectError(await erin.client.get('/api/notifications/?before=abc'), 400, 'before must be a positive whole number');
    expectError(await app.client().get('/api/notifications/'), 401);
  });
});

describe('PUT /api/notifications/read-all', () => {
  it('marks every notification viewed, and needs the CSRF token', async () => {
    const frank = await signUp(app.origin);
    for (let n = 1; n <= 2; n++) await notify(frank.auth.user.user_id, n);
    expectError(await frank.client.put('/api/notifications/read-all', undefined, { csrf: false }), 403);
    const res = await frank.client.put('/api/notifications/read-all');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'All notifications marked as read', unread_count: 0 });
    const after = await frank.client.get<NotificationsResponse>('/api/notifications/');
    expect(after.body.unread_count).toBe(0);
    expect(after.body.notifications.every((x) => x.viewed)).toBe(true);
  });
});

describe('live delivery', () => {
  it('pushes a new notification to the recipient only', async () => {
    const gina = await signUp(app.origin);
    const hank = await signUp(app.origin);
    const ginaSocket = await connectAs(gina.client);
    const hankSocket = await connectAs(hank.client);
    const received = [nextEvent(ginaSocket, 'notification'), nextEvent(hankSocket, 'notification', 500)];
    const stored = await notify(gina.auth.user.user_id, 9);
    expect(await Promise.all(received)).toEqual([stored, 'timeout']);
    const listed = await gina.client.get<NotificationsResponse>('/api/notifications/');
    expect(listed.body.notifications).toEqual([stored]);
  });
});
