// @vitest-environment happy-dom
/**
 * The bell's store (spec §4 "Notifications and realtime"): the list loads when someone signs in, live arrivals
 * go on top and raise the count, opening clears the badge at once, marks all read and reloads, and nothing
 * from a previous user leaks into the next one's list. The server is a stand-in answering over real HTTP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem, NotificationsResponse } from '../../../src/shared/api-types.ts';
import { json, startStandIn, visit, type Recorded, type StandIn } from './support/stand-in.ts';

let standIn: StandIn;
let store: typeof import('../../../src/stores/notifications/notifications.ts');
let session: typeof import('../../../src/stores/accounts/session.ts');

const item = (id: number, viewed = false): NotificationItem => ({
  id,
  type: 'friend_request',
  viewed,
  created_at: '2026-06-15T12:00:00.000Z',
  data: { sender_id: id, sender_username: `user${id}`, title: 'Friend Request', message: `user${id} sent you a friend request` },
});
const page = (items: NotificationItem[], unread: number, nextBefore: number | null = null): NotificationsResponse => ({
  notifications: items,
  unread_count: unread,
  next_before: nextBefore,
});
const signIn = (id: number) =>
  session.$session.set({
    user: { id, username: `me${id}`, email: 'me@x.test', expiresAt: '' },
    isAuthenticated: true,
    loading: false,
    error: null,
  });
const signOut = () => session.$session.set({ user: null, isAuthenticated: false, loading: false, error: null });
const settled = () => vi.waitFor(() => expect(store.$notifications.get().loading).toBe(false));
const ids = () => store.$notifications.get().items.map((n) => n.id);

beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(() => standIn.close());
beforeEach(async () => {
  visit(standIn.origin);
  standIn.requests.length = 0;
  vi.resetModules();
  session = await import('../../../src/stores/accounts/session.ts');
  store = await import('../../../src/stores/notifications/notifications.ts');
  store.startNotifications();
});

describe('notifications store', () => {
  it('loads the first page on sign-in and empties on sign-out', async () => {
    standIn.respond = (_req, res) => json(res, 200, page([item(3), item(2, true)], 5, 2));
    signIn(1);
    await vi.waitFor(() => expect(store.$notifications.get().loaded).toBe(true));
    expect(standIn.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/notifications/?limit=20']);
    expect(store.$notifications.get()).toMatchObject({ unreadCount: 5, nextBefore: 2 });
    expect(ids()).toEqual([3, 2]);

    signOut();
    expect(store.$notifications.get()).toMatchObject({ items: [], unreadCount: 0, loaded: false });
  });

  it('puts live arrivals on top, counts the unviewed ones, and ignores repeats', async () => {
    standIn.respond = (_req, res) => json(res, 200, page([item(3)], 1));
    signIn(1);
    await vi.waitFor(() => expect(store.$notifications.get().loaded).toBe(true));
    store.receiveNotification(item(4));
    store.receiveNotification(item(5, true)); // your own action, stored viewed
    store.receiveNotification(item(4));
    expect(ids()).toEqual([5, 4, 3]);
    expect(store.$notifications.get().unreadCount).toBe(2);
  });

  it('keeps a live arrival that the in-flight first page does not include', async () => {
    let answer: (() => void) | undefined;
    standIn.respond = (_req, res) => (answer = () => json(res, 200, page([item(3)], 1)));
    signIn(1);
    await vi.waitFor(() => expect(answer).toBeDefined());
    store.receiveNotification(item(4));
    answer!();
    await vi.waitFor(() => expect(store.$notifications.get().loaded).toBe(true));
    expect(ids()).toEqual([4, 3]);
    expect(store.$notifications.get().unreadCount).toBe(2);
  });

  it('opening clears the badge at once, marks all read, then reloads; the unread stay highlighted', async () => {
    standIn.respond = (_req, res) => json(res, 200, page([item(3), item(2), item(1, true)], 2));
    signIn(1);
    await vi.waitFor(() => expect(store.$notifications.get().loaded).toBe(true));

    standIn.requests.length = 0;
    const seen: Recorded[] = standIn.requests;
    standIn.respond = (req, res) =>
      req.method === 'PUT'
        ? json(res, 200, { message: 'All notifications marked as read', unread_count: 0 })
        : json(res, 200, page([item(3, true), item(2, true), item(1, true)], 0));
    const opening = store.openNotifications();
    expect(store.$notifications.get().unreadCount).toBe(0);
    await opening;
    await settled();
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /api/notifications/read-all', 'GET /api/notifications/?limit=20']);
    expect(store.$notifications.get().highlighted).toEqual([3, 2]);
    expect(store.$notifications.get().items.every((n) => n.viewed)).toBe(true);
  });

  it('does not bring back a removed live arrival when the in-flight first page answers', async () => {
    let answer: (() => void) | undefined;
    standIn.respond = (_req, res) => (answer = () => json(res, 200, page([item(3)], 1)));
    signIn(1);
    await vi.waitFor(() => expect(answer).toBeDefined());
    store.receiveNotification(item(4));
    store.removeNotification({ id: 4 });
    answer!();
    await vi.waitFor(() => expect(store.$notifications.get().loaded).toBe(true));
    expect(ids()).toEqual([3]);
    expect(store.$notifications.get().unreadCount).toBe(1);
  });

  it('loads older pages with before= and stops at the end', async () => {
    standIn.respond = (_req, res) => json(res, 200, page([item(5), item(4)], 0, 4));
    signIn(1);
    await vi.waitFor(() => expect(store.$notifications.get().loaded).toBe(true));
    standIn.respond = (_req, res) => json(res, 200, page([item(3), item(2)], 0, null));
    await store.loadMoreNotifications();
    expect(standIn.requests.at(-1)?.url).toBe('/api/notifications/?limit=20&before=4');
    expect(ids()).toEqual([5, 4, 3, 2]);
    expect(store.$notifications.get().nextBefore).toBeNull();
    const before = standIn.requests.length;
    await store.loadMoreNotifications();
    expect(standIn.requests.length).toBe(before);
  });

  it("drops a previous user's late answer", async () => {
    const pending: Array<(body: NotificationsResponse) => void> = [];
    standIn.respond = (_req, res) => pending.push((body) => json(res, 200, body));
    signIn(1);
    const stale = store.loadNotifications(); // a second request for user 1, so the test can await its end
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    signIn(2);
    await vi.waitFor(() => expect(pending).toHaveLength(3));
    pending[2]!(page([item(20)], 0));
    await vi.waitFor(() => expect(store.$notifications.get().loaded).toBe(true));
    pending[0]!(page([item(9)], 1));
    pending[1]!(page([item(9)], 1));
    await stale;
    expect(ids()).toEqual([20]);
    expect(store.$notifications.get().unreadCount).toBe(0);
  });

  it('a withdrawn notification leaves the list, and the count only when it was unviewed', async () => {
    standIn.respond = (_req, res) => json(res, 200, page([item(4), item(3), item(2, true)], 2));
    signIn(1);
    await vi.waitFor(() => expect(store.$notifications.get().loaded).toBe(true));
    store.removeNotification({ id: 3 });
    expect(ids()).toEqual([4, 2]);
    expect(store.$notifications.get().unreadCount).toBe(1);
    store.removeNotification({ id: 2 });
    store.removeNotification({ id: 99 }); // not on a loaded page: nothing to change
    expect(ids()).toEqual([4]);
    expect(store.$notifications.get().unreadCount).toBe(1);
  });

  it('keeps a withdrawn notification out of a page answer already on its way', async () => {
    let answer: (() => void) | undefined;
    standIn.respond = (_req, res) => (answer = () => json(res, 200, page([item(5), item(4)], 2)));
    signIn(1);
    await vi.waitFor(() => expect(answer).toBeDefined());
    store.removeNotification({ id: 5 });
    answer!();
    await vi.waitFor(() => expect(store.$notifications.get().loaded).toBe(true));
    expect(ids()).toEqual([4]);
    expect(store.$notifications.get().unreadCount).toBe(1);
  });

  it('failures are silent: the list keeps what it had', async () => {
    standIn.respond = (_req, res) => json(res, 500, { error: 'boom' });
    signIn(1);
    await settled();
    expect(store.$notifications.get()).toMatchObject({ items: [], loaded: false, loading: false });
  });
});
