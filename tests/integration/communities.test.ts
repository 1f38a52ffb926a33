/**
 * Communities: creating, the about page and visibility (anything one may not see is 404), joining, leaving,
 * requests and invites (ADR 049).
 */
import { describe, expect, it } from 'vitest';
import type { CommunityMembersResponse, CommunityResponse, JoinRequestsResponse } from '../../src/shared/community-types.ts';
import { COMMUNITY_MEMBERS_PAGE_SIZE } from '../../src/shared/community-values.ts';
import { signUp } from './support/accounts.ts';
import { befriend } from './support/chat.ts';
import { inviteCode, joined, newCommunity, uniqueName } from './support/communities.ts';
import { expectError } from './support/expectations.ts';
import { newGame, suspend } from './support/games.ts';
import { useTestServer } from './support/server.ts';
import { block, idOf, nameOf, notificationsOf, sql } from './support/social.ts';

const app = useTestServer();

describe('creating a community', () => {
  it('makes the creator its owner and first member, with a slug from the name that stays unique', async () => {
    const ann = await signUp(app.origin);
    const game = await newGame(app, { name: uniqueName('Game') });
    const name = uniqueName('Night Raiders');
    const res = await ann.client.post<CommunityResponse>('/api/communities', {
      name: `  ${name}  `,
      description: 'We raid.\nEvery night.',
      visibility: 'public',
      games: [game.slug],
      rules: ['Be kind', ' No cheats '],
    });
    expect(res.status, res.text).toBe(201);
    const slug = name.toLowerCase().replace(/ /g, '-');
    expect(res.body.community).toMatchObject({
      slug,
      name,
      description: 'We raid.\nEvery night.',
      visibility: 'public',
      rules: ['Be kind', 'No cheats'],
      games: [{ slug: game.slug, name: game.name }],
      member_count: 1,
      my_status: 'member',
      my_role: 'owner',
      can_see_content: true,
    });
    const again = await ann.client.post<CommunityResponse>('/api/communities', { name: name.toUpperCase(), visibility: 'public' });
    expect(again.body.community.slug).toBe(`${slug}-2`);
    const script = await ann.client.post<CommunityResponse>('/api/communities', { name: 'ポケモン部', visibility: 'public' });
    expect(script.body.community.slug).toMatch(/^community(-\d+)?$/);
    // A path word is never a slug: 'invites' would shadow /communities/invites/{code}.
    const reserved = await ann.client.post<CommunityResponse>('/api/communities', { name: 'Invites', visibility: 'public' });
    expect(reserved.body.community.slug).toMatch(/^invites-\d+$/);
  });

  it('refuses bad input with the field at fault, and stores nothing', async () => {
    const ann = await signUp(app.origin);
    const bad: Array<[unknown, RegExp]> = [
      [{ name: 'ab', visibility: 'public' }, /at least 3/],
      [{ name: 'x'.repeat(51), visibility: 'public' }, /at most 50/],
      [{ name: 'Bad\u0000name', visibility: 'public' }, /not allowed/],
      [{ name: 'Evil\u202eraid', visibility: 'public' }, /not allowed/],
      [{ name: 'Zero\u200bwidth', visibility: 'public' }, /not allowed/],
      [{ name: 'Fine name', visibility: 'secret' }, /Visibility/],
      [{ name: 'Fine name', visibility: 'public', description: 'x'.repeat(2001) }, /at most 2000/],
      [{ name: 'Fine name', visibility: 'public', rules: Array.from({ length: 11 }, () => 'rule') }, /At most 10 rules/],
      [{ name: 'Fine name', visibility: 'public', rules: ['x'.repeat(201)] }, /at most 200/],
      [{ name: 'Fine name', visibility: 'public', games: ['a', 'b', 'c', 'd', 'e', 'f'] }, /At most 5 games/],
      [{ name: 'Fine name', visibility: 'public', games: ['no-such-game-here'] }, /Unknown game/],
      [{ name: 42, visibility: 'public' }, /must be text/],
      [[], /./],
      [null, /./],
    ];
    // Each person may create only a few communities an hour, refused attempts included: one person per body.
    const people = await Promise.all(bad.map(() => signUp(app.origin)));
    for (const [i, [body, message]] of bad.entries()) expectError(await people[i]!.client.post('/api/communities', body), 400, message);
    const rows = await sql(app.database, 'select 1 from communities where owner_id = any($1)', [people.map(idOf)]);
    expect(rows).toEqual([]);
    expectError(await ann.client.post('/api/communities', { name: 'Fine name', visibility: 'public' }, { csrf: false }), 403);
  });

  it('lets moderators edit the details (in the mod log), not members; the slug stays', async () => {
    const [owner, member] = await Promise.all([signUp(app.origin), signUp(app.origin)]);
    const slug = await newCommunity(owner);
    await joined(member, slug);
    expectError(await member.client.patch(`/api/communities/${slug}`, { description: 'mine now' }), 403);
    expectError(await owner.client.patch(`/api/communities/${slug}`, {}), 400, 'Nothing to change');
    const res = await owner.client.patch<CommunityResponse>(`/api/communities/${slug}`, { name: 'Renamed crew', visibility: 'request' });
    expect(res.body.community).toMatchObject({ slug, name: 'Renamed crew', visibility: 'request' });
    const log = await owner.client.get<{ entries: Array<{ action: string; detail: string }> }>(`/api/communities/${slug}/modlog`);
    expect(log.body.entries[0]).toMatchObject({ action: 'edit', detail: 'name, visibility' });
  });
});

describe('visibility', () => {
  it('shows a request community’s about page to anyone, its members only to members', async () => {
    const [owner, visitor] = await Promise.all([signUp(app.origin), signUp(app.origin)]);
    const slug = await newCommunity(owner, 'request', { rules: ['No spoilers'] });
    const about = await visitor.client.get<CommunityResponse>(`/api/communities/${slug}`);
    expect(about.body.community).toMatchObject({ rules: ['No spoilers'], member_count: 1, my_status: 'none', can_see_content: false });
    expectError(await visitor.client.get(`/api/communities/${slug}/members`), 404, 'Community not found');
    expect((await owner.client.get(`/api/communities/${slug}/members`)).status).toBe(200);
  });

  it('hides an invite-only community from everyone but its members (404 everywhere)', async () => {
    const [owner, visitor] = await Promise.all([signUp(app.origin), signUp(app.origin)]);
    const slug = await newCommunity(owner, 'invite');
    for (const res of [
      await visitor.client.get(`/api/communities/${slug}`),
      await visitor.client.get(`/api/communities/${slug}/members`),
      await visitor.client.post(`/api/communities/${slug}/join`),
      await visitor.client.get(`/api/communities/${slug}/modlog`),
    ])
      expectError(res, 404, 'Community not found');
    expectError(await visitor.client.get('/api/communities/no-such-community-x'), 404);
    expectError(await visitor.client.get('/api/communities/Not%20A%20Slug'), 404);
    expectError(await visitor.client.get(`/api/communities/${'a'.repeat(61)}`), 404);
  });
});

describe('joining and leaving', () => {
  it('joins a public community at once; leaving works for members, never for the owner', async () => {
    const [owner, ann] = await Promise.all([signUp(app.origin), signUp(app.origin)]);
    const slug = await newCommunity(owner);
    expect((await ann.client.post(`/api/communities/${slug}/join`)).body).toEqual({ status: 'member' });
    expect((await ann.client.post(`/api/communities/${slug}/join`)).body).toEqual({ status: 'member' });
    expect((await ann.client.get<CommunityResponse>(`/api/communities/${slug}`)).body.community).toMatchObject({
      member_count: 2,
      my_role: 'member',
    });
    expect((await ann.client.post(`/api/communities/${slug}/leave`)).status).toBe(200);
    expectError(await ann.client.post(`/api/communities/${slug}/leave`), 404);
    expectError(await owner.client.post(`/api/communities/${slug}/leave`), 409, /Hand the community/);
    expect((await owner.client.get<CommunityResponse>(`/api/communities/${slug}`)).body.community.member_count).toBe(1);
  });

  it('leaves a request waiting for moderators, who approve or reject it (members cannot)', async () => {
    const [owner, ann, bob, cat] = await Promise.all([signUp(app.origin), signUp(app.origin), signUp(app.origin), signUp(app.origin)]);
    const slug = await newCommunity(owner, 'request');
    expect((await ann.client.post(`/api/communities/${slug}/join`)).body).toEqual({ status: 'pending' });
    expect((await bob.client.post(`/api/communities/${slug}/join`)).body).toEqual({ status: 'pending' });
    expect((await ann.client.get<CommunityResponse>(`/api/communities/${slug}`)).body.community.my_status).toBe('pending');
    const waiting = await owner.client.get<JoinRequestsResponse>(`/api/communities/${slug}/requests`);
    expect(waiting.body.requests.map((r) => r.username)).toEqual([nameOf(ann), nameOf(bob)]);
    expect((await owner.client.post(`/api/communities/${slug}/requests/${idOf(ann)}/approve`)).status).toBe(200);
    expectError(await ann.client.post(`/api/communities/${slug}/requests/${idOf(bob)}/approve`), 403, 'Only moderators can do that');
    expectError(await cat.client.get(`/api/communities/${slug}/requests`), 403);
    expect((await owner.client.post(`/api/communities/${slug}/requests/${idOf(bob)}/reject`)).status).toBe(200);
    expectError(await owner.client.post(`/api/communities/${slug}/requests/${idOf(bob)}/approve`), 404, 'Join request not found');
    expectError(await owner.client.post(`/api/communities/${slug}/requests/99999999999/approve`), 404);
    expect((await ann.client.get<CommunityResponse>(`/api/communities/${slug}`)).body.community).toMatchObject({
      my_status: 'member',
      can_see_content: true,
    });
    expect((await bob.client.get<CommunityResponse>(`/api/communities/${slug}`)).body.community.my_status).toBe('none');
  });

  it('lets people in by invite until it expires or is used up; codes are long and random', async () => {
    const [owner, ann, bob, cat, member] = await Promise.all([1, 2, 3, 4, 5].map(() => signUp(app.origin)));
    const slug = await newCommunity(owner!, 'invite');
    const code = await inviteCode(owner!, slug, 2);
    expect(code).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(await inviteCode(owner!, slug)).not.toBe(code);
    // The holder sees where it leads before accepting; looking uses nothing.
    const preview = await ann!.client.get<{ community: { slug: string; my_status: string }; invite: { expires_at: string } }>(
      `/api/communities/invites/${code}`,
    );
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.community).toMatchObject({ slug, my_status: 'none' });
    expectError(await ann!.client.get('/api/communities/invites/AAAAAAAAAAAA'), 404, 'Invite not found, expired or used up');
    const accepted = await ann!.client.post(`/api/communities/invites/${code}/accept`);
    expect(accepted.body).toEqual({ status: 'member', community: { slug } });
    // Accepting again changes nothing and uses nothing.
    expect((await ann!.client.post(`/api/communities/invites/${code}/accept`)).body).toEqual({ status: 'member', community: { slug } });
    expect((await bob!.client.post(`/api/communities/invites/${code}/accept`)).status).toBe(200);
    expectError(await cat!.client.post(`/api/communities/invites/${code}/accept`), 404, 'Invite not found, expired or used up');
    expectError(await cat!.client.get(`/api/communities/invites/${code}`), 404);
    const expired = await inviteCode(owner!, slug);
    await sql(app.database, "update community_invites set expires_at = now() - interval '1 second' where code = $1", [expired]);
    expectError(await cat!.client.post(`/api/communities/invites/${expired}/accept`), 404);
    expectError(await cat!.client.post('/api/communities/invites/short/accept'), 404);
    // Only moderators make invites.
    await joined(member!, slug).catch(() => undefined);
    const fresh = await inviteCode(owner!, slug);
    await member!.client.post(`/api/communities/invites/${fresh}/accept`);
    expectError(await member!.client.post(`/api/communities/${slug}/invites`, { max_uses: 1, expires_in_hours: 1 }), 403);
    expectError(await owner!.client.post(`/api/communities/${slug}/invites`, { max_uses: 0, expires_in_hours: 1 }), 400);
    expectError(await owner!.client.post(`/api/communities/${slug}/invites`, { max_uses: 1, expires_in_hours: 24 * 31 }), 400);
  });
});

describe('inviting someone by name', () => {
  it("tells a friend (an 'invited' notification leading to a one-use invite); refuses strangers, members, the banned, the blocked and the suspended", async () => {
    const [owner, ann, banned, blocker, gone, stranger, member] = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => signUp(app.origin)));
    await befriend(owner!, ann!, banned!, blocker!, gone!);
    const slug = await newCommunity(owner!, 'invite');
    const invite = (userId: unknown, maxUses = 10) =>
      owner!.client.post<{ invite: { code: string; max_uses: number } }>(`/api/communities/${slug}/invites`, {
        max_uses: maxUses,
        expires_in_hours: 24,
        user_id: userId,
      });
    const made = await invite(idOf(ann!));
    expect(made.status, made.text).toBe(201);
    expect(made.body.invite.max_uses).toBe(1);
    const { notifications } = await notificationsOf(ann!);
    expect(notifications[0]).toMatchObject({
      type: 'community_invited',
      data: { sender_username: nameOf(owner!), community_slug: slug, invite_code: made.body.invite.code },
    });
    expect((await ann!.client.post(`/api/communities/invites/${made.body.invite.code}/accept`)).status).toBe(200);
    expectError(await invite(idOf(ann!)), 409, 'They are already a member');
    expectError(await invite(idOf(owner!)), 409, 'They are already a member');

    const friendsOnly = 'You can only invite your friends by name';
    expectError(await invite(idOf(stranger!)), 403, friendsOnly);
    await owner!.client.post(`/api/communities/${slug}/bans`, { user_id: idOf(banned!), reason: '' });
    expectError(await invite(idOf(banned!)), 409, 'They are banned from this community');
    // A block ends the friendship: the moderator learns no more than of any stranger.
    await block(blocker!, owner!);
    expectError(await invite(idOf(blocker!)), 403, friendsOnly);
    await suspend(app, gone!);
    expectError(await invite(idOf(gone!)), 400, 'user_id is not a user');
    expectError(await invite(99_999_999), 403, friendsOnly);
    expectError(await invite('1; drop'), 400);
    // Only moderators invite, by name or not.
    await member!.client.post(`/api/communities/invites/${await inviteCode(owner!, slug)}/accept`);
    expectError(
      await member!.client.post(`/api/communities/${slug}/invites`, { max_uses: 1, expires_in_hours: 1, user_id: idOf(stranger!) }),
      403,
    );
    for (const who of [banned!, blocker!, stranger!]) {
      expect((await notificationsOf(who)).notifications.map((n) => n.type)).not.toContain('community_invited');
    }
  });
});

describe('the member list', () => {
  it('pages by role then join time, and leaves out suspended people and people blocked either way', async () => {
    const owner = await signUp(app.origin);
    const slug = await newCommunity(owner);
    const people = await Promise.all(Array.from({ length: COMMUNITY_MEMBERS_PAGE_SIZE + 3 }, () => signUp(app.origin)));
    for (const who of people) await joined(who, slug);
    await owner.client.put(`/api/communities/${slug}/members/${idOf(people.at(-1)!)}/role`, { role: 'moderator' });
    await suspend(app, people[0]!);
    await block(people[1]!, owner);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: CommunityMembersResponse } = await owner.client.get<CommunityMembersResponse>(
        `/api/communities/${slug}/members${cursor ? `?cursor=${cursor}` : ''}`,
      );
      seen.push(...res.body.members.map((m) => `${m.role}:${m.username}`));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen[0]).toBe(`owner:${nameOf(owner)}`);
    expect(seen[1]).toBe(`moderator:${nameOf(people.at(-1)!)}`);
    expect(seen.slice(2)).toEqual(people.slice(2, -1).map((p) => `member:${nameOf(p)}`));
    expectError(await owner.client.get(`/api/communities/${slug}/members?cursor=bogus`), 400);
  });
});

describe('the member count', () => {
  it('stays exact when one statement adds or removes many members across communities', async () => {
    const [owner, ...people] = await Promise.all([1, 2, 3, 4].map(() => signUp(app.origin)));
    const [a, b] = [await newCommunity(owner!), await newCommunity(owner!)];
    const ids = people.map(idOf);
    await sql(
      app.database,
      `insert into community_members (community_id, user_id, role)
       select c.id, u, 'member' from communities c, unnest($1::int[]) u where c.slug = any($2::text[])`,
      [ids, [a, b]],
    );
    const count = async (slug: string) =>
      (await owner!.client.get<CommunityResponse>(`/api/communities/${slug}`)).body.community.member_count;
    expect([await count(a), await count(b)]).toEqual([4, 4]);
    await sql(app.database, 'delete from community_members where user_id = any($1::int[]) and role = $2', [ids.slice(0, 2), 'member']);
    expect([await count(a), await count(b)]).toEqual([2, 2]);
  });
});
