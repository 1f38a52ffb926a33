import { describe, expect, it } from 'vitest';
import type { OtherProfileResponse, OwnProfileResponse, VisibilityResponse } from '../../src/shared/api-types.ts';
import { PLATFORMS } from '../../src/shared/profile-values.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { newVisitor } from './support/http-client.ts';
import { useTestServer } from './support/server.ts';
import { ask, idOf, nameOf, sql } from './support/social.ts';

const app = useTestServer();

const setVisibility = (who: SignedUp, body: unknown, opts: { csrf?: boolean } = {}) =>
  who.client.put<VisibilityResponse>('/api/profile/visibility', body, opts);
const handlesSeenBy = async (viewer: SignedUp, owner: SignedUp) => {
  const res = await viewer.client.get<OtherProfileResponse>(`/api/profile/@${nameOf(owner)}`);
  expect(res.status, res.text).toBe(200);
  return { discord: res.body.discord, ...res.body.consoles };
};
const EVERYONE = { discord: 'everyone', playstation: 'everyone', xbox: 'everyone', steam: 'everyone', nintendo: 'everyone' };

/** An owner with every handle set, a friend, someone with a pending request, and a stranger. */
async function cast() {
  const [owner, friend, pending, stranger] = await Promise.all([1, 2, 3, 4].map(() => signUp(app.origin)));
  for (const p of PLATFORMS) expect((await owner!.client.put(`/api${p.path}`, { [p.key]: `${p.id}_1` })).status).toBe(200);
  await befriend(owner!, friend!);
  await ask(pending!, owner!);
  return { owner: owner!, friend: friend!, pending: pending!, stranger: stranger! };
}

describe('handle visibility', () => {
  it('the own profile lists every setting, everyone by default; PUT changes one and answers them all', async () => {
    const { owner } = await cast();
    expect((await owner.client.get<OwnProfileResponse>('/api/profile/')).body.handle_visibility).toEqual(EVERYONE);
    const res = await setVisibility(owner, { platform: 'steam', visibility: 'friends' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Visibility updated', handle_visibility: { ...EVERYONE, steam: 'friends' } });
    await setVisibility(owner, { platform: 'discord', visibility: 'nobody' });
    const own = (await owner.client.get<OwnProfileResponse>('/api/profile/')).body;
    expect(own.handle_visibility).toEqual({ ...EVERYONE, steam: 'friends', discord: 'nobody' });
    // The owner still sees every handle of their own.
    expect(own.discord).toBe('discord_1');
    expect(own.consoles.steam).toEqual({ steam_username: 'steam_1' });
    // Back to everyone removes the stored setting.
    await setVisibility(owner, { platform: 'steam', visibility: 'everyone' });
    const [row] = await sql<{ v: unknown }>(app.database, 'select handle_visibility as v from profiles where user_id = $1', [idOf(owner)]);
    expect(row!.v).toEqual({ discord: 'nobody' });
  });

  it('friends-only handles reach accepted friends only; nobody-handles reach no one; hidden reads as not set', async () => {
    const { owner, friend, pending, stranger } = await cast();
    await setVisibility(owner, { platform: 'steam', visibility: 'friends' });
    await setVisibility(owner, { platform: 'discord', visibility: 'friends' });
    await setVisibility(owner, { platform: 'xbox', visibility: 'nobody' });
    const everyone = { playstation: { psn_username: 'playstation_1' }, nintendo: { friend_code: 'nintendo_1' }, xbox: null };

    expect(await handlesSeenBy(friend, owner)).toEqual({ ...everyone, discord: 'discord_1', steam: { steam_username: 'steam_1' } });
    for (const outsider of [stranger, pending]) {
      expect(await handlesSeenBy(outsider, owner)).toEqual({ ...everyone, discord: null, steam: null });
    }
    // Unfriending (through the data) takes the friends-only handles away again.
    await sql(app.database, 'delete from friendships where requester_id = any($1) and addressee_id = any($1)', [
      [idOf(owner), idOf(friend)],
    ]);
    expect(await handlesSeenBy(friend, owner)).toMatchObject({ discord: null, steam: null });
  });

  it('a setting on a handle that is not set yet applies once it is set', async () => {
    const [owner, stranger] = [await signUp(app.origin), await signUp(app.origin)];
    expect((await setVisibility(owner, { platform: 'nintendo', visibility: 'nobody' })).status).toBe(200);
    await owner.client.put('/api/profile/consoles/nintendo', { friend_code: 'SW-1111-2222-3333' });
    expect((await handlesSeenBy(stranger, owner)).nintendo).toBeNull();
  });

  it('refuses bad input with 400 naming the field, a missing CSRF token with 403, signed-out visitors with 401; nothing stored', async () => {
    const { owner } = await cast();
    expectError(await setVisibility(owner, { platform: 'epic', visibility: 'friends' }), 400, /^Platform must be one of/);
    expectError(await setVisibility(owner, { platform: 'steam', visibility: 'public' }), 400, /^Visibility must be one of/);
    expectError(await setVisibility(owner, { platform: 'steam' }), 400, /^Visibility/);
    expectError(await setVisibility(owner, { visibility: 'nobody' }), 400, /^Platform/);
    expectError(await setVisibility(owner, { platform: ['steam'], visibility: 'nobody' }), 400, /^Platform/);
    expectError(await setVisibility(owner, { platform: 'steam\u0000', visibility: 'nobody' }), 400, /^Platform/);
    expectError(await setVisibility(owner, 'nobody'), 400);
    expectError(await setVisibility(owner, { platform: 'steam', visibility: 'nobody' }, { csrf: false }), 403);
    const visitor = await newVisitor(app.origin);
    expectError(await visitor.put('/api/profile/visibility', { platform: 'steam', visibility: 'nobody' }), 401);
    expect((await owner.client.get<OwnProfileResponse>('/api/profile/')).body.handle_visibility).toEqual(EVERYONE);
  });
});
