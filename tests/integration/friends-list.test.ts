import { describe, expect, it } from 'vitest';
import type { FriendsResponse } from '../../src/shared/api-types.ts';
import { uniqueName } from '../../src/server/db/factories/users.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { ask, idOf, nameOf } from './support/social.ts';

const app = useTestServer();

const befriend = async (from: SignedUp, to: SignedUp) => {
  const { request_id } = (await ask(from, to)).body;
  expect((await to.client.post('/api/friends/accept', { request_id })).status).toBe(200);
};
const friendsOf = async (who: SignedUp) => (await who.client.get<FriendsResponse>('/api/friends/')).body;

describe('GET /api/friends/', () => {
  it('lists accepted friends alphabetically ignoring case, whoever asked, without pending or rejected requests', async () => {
    const me = await signUp(app.origin);
    // 'Bea' sorts before 'ada' byte-wise: the order must ignore case.
    const [bea, ada, cal] = [
      await signUp(app.origin, { username: uniqueName('Bea') }),
      await signUp(app.origin, { username: uniqueName('ada') }),
      await signUp(app.origin, { username: uniqueName('cal') }),
    ];
    const [pending, rejected, stranger] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    await befriend(me, bea);
    await befriend(cal, me);
    await befriend(ada, me);
    await ask(me, pending);
    const { request_id } = (await ask(rejected, me)).body;
    await me.client.delete('/api/friends/reject', { request_id });
    await befriend(stranger, bea); // a friend of a friend is not a friend

    const res = await me.client.get<FriendsResponse>('/api/friends/');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ friends: [ada, bea, cal].map((f) => ({ friend_id: idOf(f), username: nameOf(f) })), next_cursor: null });
    expect((await friendsOf(bea)).friends.map((f) => f.username)).toEqual([nameOf(me), nameOf(stranger)].sort());
    expect(await friendsOf(pending)).toEqual({ friends: [], next_cursor: null });
  });

  it('answers under both spellings of the path, and 401 when signed out', async () => {
    const me = await signUp(app.origin);
    expect((await me.client.get<FriendsResponse>('/api/friends')).body).toEqual({ friends: [], next_cursor: null });
    expectError(await app.client().get('/api/friends/'), 401, 'Not signed in');
  });
});

describe('/api/openapi.json', () => {
  it('documents the friends and notifications calls, with the paging parameters', async () => {
    type Doc = { paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; required: boolean }> }>> };
    const { paths } = (await app.client().get<Doc>('/api/openapi.json')).body;
    expect(Object.keys(paths['/friends/request'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/friends/accept'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/friends/reject'] ?? {})).toEqual(['delete']);
    expect(Object.keys(paths['/friends/'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/notifications/read-all'] ?? {})).toEqual(['put']);
    expect(paths['/notifications/']?.get?.parameters?.map(({ name, in: where, required }) => ({ name, where, required }))).toEqual([
      { name: 'before', where: 'query', required: false },
      { name: 'limit', where: 'query', required: false },
    ]);
  });
});
