/**
 * GET /api/chat/my-rooms and GET /api/friends/ answer in pages (default 50, at most 100) with the spec's fields
 * plus `next_cursor`; following the cursors yields every row exactly once, in the list's order. Many friends
 * and rooms are written straight into the database (accounts through the API would cost seconds each batch).
 */
import { describe, expect, it } from 'vitest';
import type { FriendsResponse } from '../../src/shared/api-types.ts';
import type { MyRoomsResponse } from '../../src/shared/chat-types.ts';
import { LIST_PAGE_DEFAULT, LIST_PAGE_MAX } from '../../src/shared/constants.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { idOf, sql } from './support/social.ts';

const app = useTestServer();
const COUNT = 120;

/** COUNT people who are all friends of `who`, and a group room with each, with activity at distinct and equal times. */
async function crowdAround(who: SignedUp, tag: string) {
  const me = idOf(who);
  const people = await sql<{ id: number; username: string }>(
    app.database,
    `insert into users (username, email, password_hash, birthday)
     select $1 || lpad(n::text, 3, '0'), $1 || n || '@paging.test', 'x', '1990-01-01' from generate_series(1, $2) n
     returning id, username`,
    [tag, COUNT],
  );
  await sql(app.database, `insert into friendships (requester_id, addressee_id, status) select unnest($1::int[]), $2, 'accepted'`, [
    people.map((p) => p.id),
    me,
  ]);
  // Rooms share creation times in pairs, so the cursor must break ties by id.
  const rooms = await sql<{ id: number }>(
    app.database,
    `insert into chat_rooms (name, is_group, owner_id, created_at)
     select 'Room ' || n, true, $1, timestamp '2026-01-01' + ((n / 2) * interval '1 second') + interval '1 millisecond' * (n % 3 = 0)::int
     from generate_series(1, $2) n returning id`,
    [me, COUNT],
  );
  await sql(app.database, `insert into chat_participants (room_id, user_id) select unnest($1::int[]), $2`, [rooms.map((r) => r.id), me]);
  return people;
}

async function follow<T>(who: SignedUp, path: string, key: 'friends' | 'rooms', limit?: number) {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ ...(limit ? { limit: String(limit) } : {}), ...(cursor ? { cursor } : {}) });
    const res = await who.client.get<Record<string, unknown>>(`${path}?${query}`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([key, 'next_cursor'].sort());
    pages.push(res.body[key] as T[]);
    cursor = res.body.next_cursor as string | null;
  } while (cursor !== null && pages.length < 50);
  return pages;
}

describe('paged lists', () => {
  it('pages friends alphabetically: 50 by default, up to 100, every friend exactly once', async () => {
    const ann = await signUp(app.origin);
    const people = await crowdAround(ann, 'pal');
    const expected = people.map((p) => ({ friend_id: p.id, username: p.username })).sort((a, b) => a.username.localeCompare(b.username));
    const byDefault = await follow<{ friend_id: number; username: string }>(ann, '/api/friends/', 'friends');
    expect(byDefault.map((p) => p.length)).toEqual([LIST_PAGE_DEFAULT, LIST_PAGE_DEFAULT, COUNT - 2 * LIST_PAGE_DEFAULT]);
    expect(byDefault.flat()).toEqual(expected);
    const biggest = await follow(ann, '/api/friends/', 'friends', LIST_PAGE_MAX);
    expect(biggest.map((p) => p.length)).toEqual([LIST_PAGE_MAX, COUNT - LIST_PAGE_MAX]);
    expect((await follow(ann, '/api/friends/', 'friends', 7)).flat()).toEqual(expected);
  });

  it('pages chat rooms newest activity first, ties broken by id, every room exactly once', async () => {
    const ben = await signUp(app.origin);
    await crowdAround(ben, 'crew');
    const whole = await follow<MyRoomsResponse['rooms'][number]>(ben, '/api/chat/my-rooms', 'rooms', LIST_PAGE_MAX);
    expect(whole.map((p) => p.length)).toEqual([LIST_PAGE_MAX, COUNT - LIST_PAGE_MAX]);
    const rooms = whole.flat();
    const sorted = [...rooms].sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id);
    expect(rooms.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
    expect(new Set(rooms.map((r) => r.id)).size).toBe(COUNT);
    const small = (await follow<{ id: number }>(ben, '/api/chat/my-rooms', 'rooms', 3)).flat();
    expect(small.map((r) => r.id)).toEqual(rooms.map((r) => r.id));
    const first = await ben.client.get<MyRoomsResponse>('/api/chat/my-rooms');
    expect(first.body.rooms).toHaveLength(LIST_PAGE_DEFAULT);
  });

  it('answers the last page with next_cursor null, and 400 for a bad limit or cursor', async () => {
    const cat = await signUp(app.origin);
    expect((await cat.client.get<FriendsResponse>('/api/friends/')).body).toEqual({ friends: [], next_cursor: null });
    expect((await cat.client.get<MyRoomsResponse>('/api/chat/my-rooms')).body).toEqual({ rooms: [], next_cursor: null });
    for (const path of ['/api/friends/', '/api/chat/my-rooms']) {
      for (const query of [
        'limit=0',
        `limit=${LIST_PAGE_MAX + 1}`,
        'limit=-1',
        'limit=1e3',
        'cursor=..%2F',
        'cursor=%00',
        'cursor=1.2.3',
      ]) {
        expectError(await cat.client.get(`${path}?${query}`), 400);
      }
    }
    expectError(await cat.client.get('/api/chat/my-rooms?cursor=99999999999999999.9999999999'), 400);
  });
});
