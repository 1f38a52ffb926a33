import { describe, expect, it } from 'vitest';
import type { FollowResponse, OtherProfileResponse, OwnProfileResponse } from '../../src/shared/api-types.ts';
import { PEOPLE_LIST_LIMIT } from '../../src/shared/constants.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { idOf, nameOf, sql } from './support/social.ts';

const app = useTestServer();
const followPath = (who: SignedUp | string) => `/api/profile/@${typeof who === 'string' ? who : nameOf(who)}/follow`;
const follow = (from: SignedUp, to: SignedUp | string) => from.client.post<FollowResponse>(followPath(to));
const unfollow = (from: SignedUp, to: SignedUp | string) => from.client.delete<FollowResponse>(followPath(to));
const own = async (who: SignedUp) => (await who.client.get<OwnProfileResponse>('/api/profile/')).body;

describe('POST and DELETE /api/profile/@{username}/follow', () => {
  it('follows and unfollows idempotently, answering the state and their follower count', async () => {
    const [ann, ben, cat] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    await follow(cat, ben);
    for (let i = 0; i < 2; i++) {
      const res = await follow(ann, nameOf(ben).toUpperCase());
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ message: 'Following', is_following: true, followers_count: 2 });
    }
    expect((await ann.client.get<OtherProfileResponse>(`/api/profile/@${nameOf(ben)}`)).body.is_following).toBe(true);
    for (let i = 0; i < 2; i++)
      expect((await unfollow(ann, ben)).body).toEqual({ message: 'Unfollowed', is_following: false, followers_count: 1 });
    expect(await own(ann)).toMatchObject({ following: [], following_count: 0 });
  });

  it('refuses yourself (400) and unknown users (404)', async () => {
    const dan = await signUp(app.origin);
    expectError(await follow(dan, dan), 400, 'You cannot follow yourself');
    expectError(await unfollow(dan, dan), 400, 'You cannot follow yourself');
    expectError(await follow(dan, 'no_such_player_x'), 404, 'User not found');
    expectError(await unfollow(dan, 'no_such_player_x'), 404, 'User not found');
  });

  it('needs a session and the CSRF token', async () => {
    const [eve, fay] = [await signUp(app.origin), await signUp(app.origin)];
    expectError(await eve.client.post(followPath(fay), undefined, { csrf: false }), 403);
    expectError(await eve.client.delete(followPath(fay), undefined, { csrf: false }), 403);
    const visitor = await app.visitor();
    expectError(await visitor.post(followPath(fay)), 401, 'Not signed in');
    expect((await own(fay)).followers_count).toBe(0);
  });
});

describe('followers and following on a profile', () => {
  it('lists both sides newest first with exact counts; a friend request follows, acceptance follows back', async () => {
    const [gus, hal, ivy] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    await follow(hal, gus);
    await follow(ivy, gus);
    await follow(gus, ivy);
    expect(await own(gus)).toMatchObject({
      followers: [
        { user_id: idOf(ivy), username: nameOf(ivy) },
        { user_id: idOf(hal), username: nameOf(hal) },
      ],
      following: [{ user_id: idOf(ivy), username: nameOf(ivy) }],
      followers_count: 2,
      following_count: 1,
      friends_count: 0,
    });

    const { request_id } = (await gus.client.post<{ request_id: number }>('/api/friends/request', { username: nameOf(hal) })).body;
    expect((await own(gus)).following.map((p) => p.username)).toEqual([nameOf(hal), nameOf(ivy)]);
    await hal.client.post('/api/friends/accept', { request_id });
    expect(await own(hal)).toMatchObject({ friends_count: 1, followers_count: 1, following_count: 1 });
    expect(await own(gus)).toMatchObject({ friends_count: 1, followers_count: 2, following_count: 2 });
  });

  it(`lists at most ${PEOPLE_LIST_LIMIT} people but counts them all`, async () => {
    const star = await signUp(app.origin);
    const total = PEOPLE_LIST_LIMIT + 3;
    await sql(
      app.database,
      `with fans as (
         insert into users (username, email, password_hash, birthday)
         select 'fan_' || i || '_' || $2, 'fan_' || i || '_' || $2 || '@savepoint.test', 'x', '1990-01-01' from generate_series(1, $1::int) i
         returning id, username)
       insert into follows (follower_id, followee_id, created_at)
       select id, $3, now() - (split_part(username, '_', 2)::int * interval '1 second') from fans`,
      [total, idOf(star), idOf(star)],
    );
    const profile = await own(star);
    expect(profile.followers_count).toBe(total);
    expect(profile.followers).toHaveLength(PEOPLE_LIST_LIMIT);
    expect(profile.followers[0]!.username).toBe(`fan_1_${idOf(star)}`);
    expect(profile.followers.at(-1)!.username).toBe(`fan_${PEOPLE_LIST_LIMIT}_${idOf(star)}`);
  });
});

describe('follows.follow(followerId, followeeId, tx)', () => {
  it("joins the caller's transaction: a rollback leaves no follow", async () => {
    const [jon, kim] = [await signUp(app.origin), await signUp(app.origin)];
    const { db } = app.server.database;
    await db
      .transaction(async (tx) => {
        await app.server.services.follows.follow(idOf(jon), idOf(kim), tx);
        tx.rollback();
      })
      .catch(() => {});
    expect((await own(kim)).followers_count).toBe(0);
    await app.server.services.follows.follow(idOf(jon), idOf(kim));
    await app.server.services.follows.follow(idOf(jon), idOf(kim));
    expect((await own(kim)).followers_count).toBe(1);
  });
});
