import { describe, expect, it } from 'vitest';
import type { FollowResponse, OtherProfileResponse, OwnProfileResponse } from '../../src/shared/api-types.ts';
import { signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();

describe('own profile', () => {
  it('starts empty, with the consoles nested as the spec shows', async () => {
    const ann = await signUp(app.origin);
    const res = await ann.client.get<OwnProfileResponse>('/api/profile/');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      username: ann.registration.username,
      bio: '',
      discord: null,
      links: {},
      games: {},
      consoles: { playstation: null, xbox: null, steam: null, nintendo: null },
      followers: [],
      following: [],
      friends_count: 0,
      has_picture: false,
    });
    expectError(await app.client().get('/api/profile/'), 401);
  });

  it('saves the bio and handles, clears a handle with an empty value, and refuses overlong ones', async () => {
    const ben = await signUp(app.origin);
    expect((await ben.client.put('/api/profile/bio', { bio: '  Speedrunner  ' })).body).toEqual({
      message: 'Bio updated',
      bio: 'Speedrunner',
    });
    expect((await ben.client.put('/api/profile/consoles/playstation', { psn_username: 'ben_psn' })).status).toBe(200);
    expect((await ben.client.put('/api/profile/discord', { discord_username: 'ben#1' })).status).toBe(200);
    expect((await ben.client.put('/api/profile/consoles/nintendo', { friend_code: 'SW-1234-5678-9012' })).status).toBe(200);
    expect((await ben.client.put('/api/profile/consoles/nintendo', { friend_code: '' })).body).toEqual({
      message: 'Nintendo updated',
      friend_code: null,
    });
    const res = await ben.client.get<OwnProfileResponse>('/api/profile/');
    expect(res.body).toMatchObject({
      bio: 'Speedrunner',
      discord: 'ben#1',
      consoles: { playstation: { psn_username: 'ben_psn' }, nintendo: null },
    });

    expectError(await ben.client.put('/api/profile/bio', { bio: 'x'.repeat(501) }), 400, 'Bio must be at most 500 characters');
    expectError(
      await ben.client.put('/api/profile/consoles/steam', { steam_username: 's'.repeat(33) }),
      400,
      'Steam username must be at most 32 characters',
    );
    expectError(await ben.client.put('/api/profile/consoles/xbox', {}), 400, 'Xbox username is required');
    expectError(await ben.client.put('/api/profile/consoles/sega', { x: 1 }), 404);
    expectError(await ben.client.put('/api/profile/bio', { bio: 'csrf' }, { csrf: false }), 403);
    expect((await ben.client.get<OwnProfileResponse>('/api/profile/')).body.bio).toBe('Speedrunner');
  });
});

describe("another user's profile and follows", () => {
  it('shows their profile case-insensitively with the friendship fields; unknown users are 404', async () => {
    const [cat, dan] = [await signUp(app.origin), await signUp(app.origin)];
    await dan.client.put('/api/profile/bio', { bio: 'Hi' });
    const res = await cat.client.get<OtherProfileResponse>(`/api/profile/@${dan.registration.username.toUpperCase()}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      username: dan.registration.username,
      bio: 'Hi',
      friendship_status: 'none',
      friendship_id: null,
      friend_request_from: null,
      is_following: false,
    });
    expectError(await cat.client.get('/api/profile/@no_such_player_x'), 404, 'User not found');
  });

  it('follows and unfollows idempotently, never yourself, and a friend request follows', async () => {
    const [eve, fay] = [await signUp(app.origin), await signUp(app.origin)];
    const path = `/api/profile/@${fay.registration.username}/follow`;
    for (let i = 0; i < 2; i++)
      expect((await eve.client.post<FollowResponse>(path)).body).toEqual({ message: 'Following', is_following: true, followers_count: 1 });
    expect((await fay.client.get<OwnProfileResponse>('/api/profile/')).body.followers).toEqual([
      { user_id: eve.auth.user.user_id, username: eve.registration.username },
    ]);
    for (let i = 0; i < 2; i++)
      expect((await eve.client.delete<FollowResponse>(path)).body).toEqual({
        message: 'Unfollowed',
        is_following: false,
        followers_count: 0,
      });
    expectError(await eve.client.post(`/api/profile/@${eve.registration.username}/follow`), 400, 'You cannot follow yourself');
    expectError(await eve.client.post('/api/profile/@no_such_player_x/follow'), 404, 'User not found');

    const sent = await eve.client.post<{ request_id: number }>('/api/friends/request', { username: fay.registration.username });
    expect((await eve.client.get<OtherProfileResponse>(`/api/profile/@${fay.registration.username}`)).body).toMatchObject({
      is_following: true,
      friendship_status: 'pending',
      friend_request_from: eve.auth.user.user_id,
    });
    await fay.client.post('/api/friends/accept', { request_id: sent.body.request_id });
    const fayView = await fay.client.get<OwnProfileResponse>('/api/profile/');
    expect(fayView.body).toMatchObject({ friends_count: 1, followers_count: 1, following_count: 1 });
  });
});
