/**
 * NOTE: helpers for the friends and notifications tests. `followsAmong` reads the follows table itself (the
 * tests check what the friends calls wrote, not another API's view of it). `hearsNothing` proves a socket
 * received no notification without waiting on a clock: it listens before the action and afterwards sends a
 * marker, which must be the first thing the socket hears (one socket delivers in order).
 */
import { expect } from 'vitest';
import type { FriendRequestResponse, NotificationsResponse } from '../../../src/shared/api-types.ts';
import type { SignedUp } from './accounts.ts';
import type { TestDatabase } from './database.ts';
import type { useTestServer } from './server.ts';
import { nextEvent, type TestSocket } from './sockets.ts';

type App = ReturnType<typeof useTestServer>;

export const idOf = (who: SignedUp) => who.auth.user.user_id;
export const nameOf = (who: SignedUp) => who.registration.username;

export const ask = (from: SignedUp, to: SignedUp | string) =>
  from.client.post<FriendRequestResponse>('/api/friends/request', { username: typeof to === 'string' ? to : nameOf(to) });

/** `from` blocks `whom` through the API; fails the test unless it answers 200. */
export async function block(from: SignedUp, whom: SignedUp): Promise<void> {
  const res = await from.client.post(`/api/profile/@${nameOf(whom)}/block`);
  expect(res.status, res.text).toBe(200);
}

export async function unblock(from: SignedUp, whom: SignedUp): Promise<void> {
  const res = await from.client.delete(`/api/profile/@${nameOf(whom)}/block`);
  expect(res.status, res.text).toBe(200);
}

export const notificationsOf = async (who: SignedUp, query = '') =>
  (await who.client.get<NotificationsResponse>(`/api/notifications/${query}`)).body;

export async function sql<R = Record<string, unknown>>(database: TestDatabase, text: string, params: unknown[] = []): Promise<R[]> {
  const client = database.connect();
  await client.connect();
  try {
    return (await client.query(text, params)).rows as R[];
  } finally {
    await client.end();
  }
}

/** Every follow among these people as 'follower>followee' usernames, sorted. */
export async function followsAmong(database: TestDatabase, people: SignedUp[]): Promise<string[]> {
  const ids = people.map(idOf);
  const rows = await sql<{ follower_id: number; followee_id: number }>(
    database,
    'select follower_id, followee_id from follows where follower_id = any($1) and followee_id = any($1)',
    [ids],
  );
  const name = (id: number) => nameOf(people[ids.indexOf(id)]!);
  return rows.map((r) => `${name(r.follower_id)}>${name(r.followee_id)}`).sort();
}

/** Call before the action; await the result after it: fails if the socket heard any notification meanwhile. */
export function hearsNothing(app: App, socket: TestSocket, who: SignedUp): () => Promise<void> {
  const first = nextEvent(socket, 'notification', 5000);
  return async () => {
    const marker = await app.server.services.notifications.notify(idOf(who), 'like', { title: 'marker' });
    expect(await first).toEqual(marker);
  };
}
