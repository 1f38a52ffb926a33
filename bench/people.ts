/**
 * NOTE: people for the benches, made through the real API (argon2 and all). The server must run with
 * TRUST_PROXY=true: every sign-up sends an X-Forwarded-For of its own (RFC 2544's benchmarking range), so many
 * sign-ups stay under the per-address limit, which is not what a bench measures. Give each call a distinct `first`
 * index when people are added in several batches, so no two share an address.
 */
import type { CreateRoomResponse } from '../src/shared/chat-types.ts';
import { buildRegistration } from '../src/server/db/factories/users.ts';
import { newVisitor, type ApiClient } from '../tests/integration/support/http-client.ts';

export type Person = { client: ApiClient; id: number; username: string };

/** Runs `work` over `items` with at most `limit` at a time. */
export async function inPool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export async function expectStatus(what: string, res: { status: number; text: string }, ...ok: number[]): Promise<void> {
  if (!ok.includes(res.status)) throw new Error(`bench: ${what} answered ${res.status}: ${res.text}`);
}

/** Signs up `count` people, person `first + i` through `originOf(first + i)` (several nodes of one site, or one). */
export async function signUpPeople(originOf: (index: number) => string, count: number, first = 0): Promise<Person[]> {
  const people: Person[] = new Array(count);
  await inPool(people, 4, async (_, i) => {
    const n = first + i;
    const client = await newVisitor(originOf(n));
    const registration = buildRegistration();
    const from = { headers: { 'x-forwarded-for': `198.18.${(n >> 8) & 255}.${n & 255}` } };
    const res = await client.post<{ user: { user_id: number } }>('/api/auth/register', registration, from);
    await expectStatus('register', res, 201);
    people[i] = { client, id: res.body.user.user_id, username: registration.username };
  });
  return people;
}

/** Makes each pair friends (a asks, b accepts), four pairs at a time. */
export async function befriendAll(pairs: Array<[Person, Person]>): Promise<void> {
  await inPool(pairs, 4, async ([a, b]) => {
    const asked = await a.client.post<{ request_id: number }>('/api/friends/request', { username: b.username });
    await expectStatus('friend request', asked, 201);
    await expectStatus('friend accept', await b.client.post('/api/friends/accept', { request_id: asked.body.request_id }), 200);
  });
}

/** A chat room of `owner` with `others` (friends of the owner): a group when `name` is given, else a 1-on-1. */
export async function createRoom(owner: Person, others: Person[], name = ''): Promise<number> {
  const res = await owner.client.post<CreateRoomResponse>('/api/chat/create-room', {
    name,
    user_ids: others.map((p) => p.id),
    is_group: name !== '',
  });
  await expectStatus('create-room', res, 201);
  return res.body.room_id;
}
