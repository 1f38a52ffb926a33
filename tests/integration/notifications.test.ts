import { describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../src/shared/api-types.ts';
import { NOTIFICATION_PAGE_MAX, NOTIFICATION_PAGE_SIZE } from '../../src/shared/constants.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { idOf, notificationsOf } from './support/social.ts';

const app = useTestServer();

/** Stores `count` like notifications for `who`, oldest first, numbered fan1…fanN. */
async function likes(who: SignedUp, count: number) {
  for (let n = 1; n <= count; n++) {
    await app.server.services.notifications.notify(idOf(who), 'like', { sender_id: 1, sender_username: `fan${n}` });
  }
}
const fans = (page: NotificationsResponse) => page.notifications.map((x) => x.data.sender_username);

describe('GET /api/notifications/', () => {
  it('answers newest first with every field and the unread count, under both spellings of the path', async () => {
    const ann = await signUp(app.origin);
    await likes(ann, 3);
    for (const path of ['/api/notifications/', '/api/notifications']) {
      const res = await ann.client.get<NotificationsResponse>(path);
      expect(res.status, res.text).toBe(200);
      expect(fans(res.body)).toEqual(['fan3', 'fan2', 'fan1']);
      expect(res.body).toMatchObject({ unread_count: 3, next_before: null });
      expect(res.body.notifications[0]).toEqual({
        id: expect.any(Number),
        type: 'like',
        viewed: false,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        data: { sender_id: 1, sender_username: 'fan3' },
      });
    }
  });

  it(`pages ${NOTIFICATION_PAGE_SIZE} at a time by default; unread_count counts beyond the page`, async () => {
    const ben = await signUp(app.origin);
    await likes(ben, NOTIFICATION_PAGE_SIZE + 1);
    const first = await notificationsOf(ben);
    expect(first.notifications).toHaveLength(NOTIFICATION_PAGE_SIZE);
    expect(first.unread_count).toBe(NOTIFICATION_PAGE_SIZE + 1);
    expect(first.next_before).toBe(first.notifications.at(-1)!.id);
    expect(fans(await notificationsOf(ben, `?before=${first.next_before}`))).toEqual(['fan1']);
    expect(await notificationsOf(ben, `?limit=${NOTIFICATION_PAGE_MAX}`)).toMatchObject({ next_before: null });
  });

  it('walks ?before/&limit pages newest first without overlap or gaps', async () => {
    const cat = await signUp(app.origin);
    await likes(cat, 5);
    const seen: string[][] = [];
    let query = '?limit=2';
    for (;;) {
      const page = await notificationsOf(cat, query);
      seen.push(fans(page) as string[]);
      if (page.next_before === null) break;
      query = `?limit=2&before=${page.next_before}`;
    }
    expect(seen).toEqual([['fan5', 'fan4'], ['fan3', 'fan2'], ['fan1']]);
    const all = await notificationsOf(cat);
    expect(fans(await notificationsOf(cat, `?before=${all.notifications[4]!.id}`))).toEqual([]);
    expect(fans(await notificationsOf(cat, `?before=${2 ** 31 - 1}`))).toEqual(fans(all));
  });

  it('shows each person only their own, whatever ?before says', async () => {
    const [dan, eve] = [await signUp(app.origin), await signUp(app.origin)];
    await likes(dan, 2);
    expect(await notificationsOf(eve)).toEqual({ notifications: [], unread_count: 0, next_before: null });
    expect(await notificationsOf(eve, `?before=${2 ** 31 - 1}`)).toEqual({ notifications: [], unread_count: 0, next_before: null });
  });

  it('refuses bad paging values (400 naming the field) and signed-out callers (401)', async () => {
    const fay = await signUp(app.origin);
    const cases: Array<[string, string]> = [
      ['limit=0', 'limit must be a positive whole number'],
      ['limit=-1', 'limit must be a positive whole number'],
      ['limit=abc', 'limit must be a positive whole number'],
      ['limit=', 'limit must be a positive whole number'],
      ['limit=2.5', 'limit must be a positive whole number'],
      [`limit=${NOTIFICATION_PAGE_MAX + 1}`, `limit must be at most ${NOTIFICATION_PAGE_MAX}`],
      ['before=0', 'before must be a positive whole number'],
      ['before=abc', 'before must be a positive whole number'],
      ['before=1e3', 'before must be a positive whole number'],
      [`before=${2 ** 31}`, `before must be at most ${2 ** 31 - 1}`],
    ];
    for (const [query, message] of cases) expectError(await fay.client.get(`/api/notifications/?${query}`), 400, message);
    expectError(await app.client().get('/api/notifications/'), 401, 'Not signed in');
  });
});

describe('PUT /api/notifications/read-all', () => {
  it("marks all of the caller's notifications viewed, nobody else's", async () => {
    const [gus, hal] = [await signUp(app.origin), await signUp(app.origin)];
    await likes(gus, NOTIFICATION_PAGE_SIZE + 2);
    await likes(hal, 1);
    const res = await gus.client.put('/api/notifications/read-all');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'All notifications marked as read', unread_count: 0 });
    const after = await notificationsOf(gus, `?limit=${NOTIFICATION_PAGE_MAX}`);
    expect(after.unread_count).toBe(0);
    expect(after.notifications.every((x) => x.viewed)).toBe(true);
    expect((await notificationsOf(hal)).unread_count).toBe(1);
    expect((await gus.client.put('/api/notifications/read-all')).status).toBe(200);
  });

  it('needs the CSRF token (403) and a session (401)', async () => {
    const ivy = await signUp(app.origin);
    await likes(ivy, 1);
    expectError(await ivy.client.put('/api/notifications/read-all', undefined, { csrf: false }), 403);
    expectError(await (await app.visitor()).put('/api/notifications/read-all'), 401, 'Not signed in');
    expect((await notificationsOf(ivy)).unread_count).toBe(1);
  });
});
