/**
 * Looking for group's timed jobs (ADR 052), driven by pg-boss's TestClock (the database reads the same time): the
 * reminder reaches the host and every player LFG_REMINDER_MINUTES before the start, once; the end takes the post
 * out of the lists and leaves its chat to its members; a closed post is neither reminded nor ended.
 */
import { TestClock } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../src/shared/api-types.ts';
import { signInElsewhere, signUp, type SignedUp } from './support/accounts.ts';
import { newGame } from './support/games.ts';
import { detailOf, found, newLfg, seated } from './support/lfg.ts';
import { startTestServer, useTestServer } from './support/server.ts';
import { sql } from './support/social.ts';

const clock = new TestClock(Date.now());
const app = useTestServer({}, { jobClock: clock });
const MINUTE = 60_000;

const reminders = async (who: SignedUp) =>
  (await who.client.get<NotificationsResponse>('/api/notifications')).body.notifications.filter((n) => n.type === 'lfg_reminder');

/** Moves the queue's time to `at` and lets its workers poll (a job's handler runs right after). */
async function moveTo(at: number): Promise<void> {
  await clock.setTime(at);
  await clock.tick(3_000);
}

describe('timed jobs', () => {
  it('reminds the party a quarter hour before the start, once, and ends the post at start + duration', async () => {
    const [host, ann, reader] = await Promise.all([1, 2, 3].map(() => signUp(app.origin)));
    const game = await newGame(app);
    const startsAt = clock.now() + 60 * MINUTE;
    const id = await newLfg(host!, game.slug, { starts_at: new Date(startsAt).toISOString(), duration_minutes: 30, title: 'Boss rush' });
    await seated(host!, id, ann!);

    await moveTo(startsAt - 20 * MINUTE);
    expect(await reminders(ann!)).toEqual([]);
    await moveTo(startsAt - 14 * MINUTE);
    await expect.poll(async () => (await reminders(ann!)).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await reminders(host!)).length, { timeout: 10_000 }).toBe(1);
    expect((await reminders(ann!))[0]!.data).toMatchObject({ lfg_id: id, title: 'Boss rush', starts_at: new Date(startsAt).toISOString() });
    expect(await found(reader!, `?game=${game.slug}`)).toEqual([id]);

    await moveTo(startsAt + 31 * MINUTE);
    await expect.poll(async () => (await detailOf(ann!, id)).status, { timeout: 10_000 }).toBe('ended');
    expect(await found(reader!, `?game=${game.slug}`)).toEqual([]);
    expect((await reader!.client.get(`/api/lfg/${id}`)).status).toBe(404);
    // The chat stays for its members; once the post ended it is an ordinary group they may leave.
    const roomId = (await detailOf(ann!, id)).room_id!;
    expect((await ann!.client.get(`/api/chat/messages/${roomId}`)).status).toBe(200);
    expect((await ann!.client.post(`/api/chat/group/${roomId}/leave`)).status).toBe(200);
    expect(await reminders(ann!)).toHaveLength(1);
  });

  it('keeps its jobs when the node that made the post stops, and acts once with two nodes on the queue', async () => {
    const other = await startTestServer({}, undefined, app.database, { jobClock: clock });
    try {
      const [host, ann] = await Promise.all([signUp(app.origin), signUp(app.origin)]);
      const game = await newGame(app);
      const startsAt = clock.now() + 50 * MINUTE;
      // Posted through the other node: its jobs are queued there.
      const there = await signInElsewhere(other.origin, host.registration);
      const posted = await there.post<{ lfg: { id: number } }>('/api/lfg', {
        game: game.slug,
        platform: 'steam',
        title: 'Two nodes',
        slots: 2,
        visibility: 'public',
        starts_at: new Date(startsAt).toISOString(),
        duration_minutes: 30,
      });
      expect(posted.status, posted.text).toBe(201);
      const id = posted.body.lfg.id;
      await seated(host, id, ann);
      // Both nodes poll the queue when the reminder is due: one of them sends it, once.
      await moveTo(startsAt - 10 * MINUTE);
      await expect.poll(async () => (await reminders(ann)).length, { timeout: 10_000 }).toBe(1);
      // The node that queued the end stops; the other ends the post.
      await other.stop();
      await moveTo(startsAt + 31 * MINUTE);
      await expect
        .poll(async () => (await sql<{ status: string }>(app.database, 'select status from lfg_posts where id = $1', [id]))[0]!.status, {
          timeout: 10_000,
        })
        .toBe('ended');
      expect(await reminders(ann)).toHaveLength(1);
      expect(await reminders(host)).toHaveLength(1);
    } finally {
      await other.stop().catch(() => undefined);
    }
  });

  it('neither reminds nor ends a closed post; a session starting within the quarter hour gets no reminder', async () => {
    const [host, ann] = await Promise.all([1, 2].map(() => signUp(app.origin)));
    const game = await newGame(app);
    const startsAt = clock.now() + 40 * MINUTE;
    const closed = await newLfg(host!, game.slug, { starts_at: new Date(startsAt).toISOString(), duration_minutes: 15 });
    await seated(host!, closed, ann!);
    const soon = await newLfg(host!, game.slug, { starts_at: new Date(Date.now() + 10 * MINUTE).toISOString(), duration_minutes: 60 });
    await seated(host!, soon, ann!);
    // (The server judges 'within the quarter hour' by its own clock; the queue's runs ahead of it here.)
    expect((await host!.client.post(`/api/lfg/${closed}/close`)).status).toBe(200);
    await moveTo(startsAt - 10 * MINUTE);
    await moveTo(startsAt + 20 * MINUTE);
    // Both jobs of the closed post ran and did nothing.
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>(
              app.database,
              `select count(*)::int as n from jobs.job where name like 'lfg-%' and state = 'completed'`,
            )
          )[0]!.n,
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThanOrEqual(2);
    expect((await reminders(ann!)).filter((n) => n.data.lfg_id === closed || n.data.lfg_id === soon)).toEqual([]);
    expect((await detailOf(ann!, closed)).status).toBe('closed');
  });
});
