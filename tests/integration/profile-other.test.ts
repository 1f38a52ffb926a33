import { describe, expect, it } from 'vitest';
import type { OtherProfileResponse } from '../../src/shared/api-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { ask, idOf, nameOf } from './support/social.ts';

const app = useTestServer();
const view = (viewer: SignedUp, username: string) =>
  viewer.client.get<OtherProfileResponse>(`/api/profile/@${encodeURIComponent(username)}`);
const friendship = async (viewer: SignedUp, other: SignedUp) => {
  const { friendship_status, friendship_id, friend_request_from } = (await view(viewer, nameOf(other))).body;
  return { friendship_status, friendship_id, friend_request_from };
};

describe('GET /api/profile/@{username}', () => {
  it("shows another user's profile, matched case-insensitively, with the friendship and follow fields", async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    await ben.client.put('/api/profile/bio', { bio: 'Retro collector' });
    await ben.client.put('/api/profile/discord', { discord_username: 'ben#0001' });
    await ben.client.put('/api/profile/consoles/steam', { steam_username: 'bensteam' });
    await ben.client.post(`/api/profile/@${nameOf(ann)}/follow`);

    const res = await view(ann, nameOf(ben).toUpperCase());
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      user_id: idOf(ben),
      username: nameOf(ben),
      bio: 'Retro collector',
      discord: 'ben#0001',
      links: {},
      games: {},
      consoles: { playstation: null, xbox: null, steam: { steam_username: 'bensteam' }, nintendo: null },
      followers: [],
      following: [{ user_id: idOf(ann), username: nameOf(ann) }],
      followers_count: 0,
      following_count: 1,
      has_picture: false,
      friends_count: 0,
      friendship_status: 'none',
      friendship_id: null,
      friend_request_from: null,
      is_following: false,
      follows_you: true,
    });
  });

  it('follows the friendship through pending, accepted and rejected, from both sides', async () => {
    const [cat, dan, eve] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    const sent = (await ask(cat, dan)).body;
    const pending = { friendship_status: 'pending', friendship_id: sent.request_id, friend_request_from: idOf(cat) };
    expect(await friendship(cat, dan)).toEqual(pending);
    expect(await friendship(dan, cat)).toEqual(pending);
    expect((await view(cat, nameOf(dan))).body.is_following).toBe(true);

    await dan.client.post('/api/friends/accept', { request_id: sent.request_id });
    expect(await friendship(dan, cat)).toEqual({ ...pending, friendship_status: 'accepted' });
    expect((await view(dan, nameOf(cat))).body).toMatchObject({ is_following: true, follows_you: true });

    const other = (await ask(eve, dan)).body;
    await dan.client.delete('/api/friends/reject', { request_id: other.request_id });
    expect(await friendship(eve, dan)).toEqual({ friendship_status: 'none', friendship_id: null, friend_request_from: null });
  });

  it('answers 404 for unknown users and 401 when signed out', async () => {
    const fay = await signUp(app.origin);
    expectError(await view(fay, 'no_such_player_x'), 404, 'User not found');
    expectError(await view(fay, '%_%'), 404, 'User not found');
    expectError(await fay.client.get('/api/profile/@'), 404);
    expectError(await app.client().get(`/api/profile/@${nameOf(fay)}`), 401, 'Not signed in');
  });
});
