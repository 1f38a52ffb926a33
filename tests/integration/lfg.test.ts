/**
 * Looking for group (ADR 052): posting, finding, joining, the host's answers, leaving and closing, with who may
 * do what; friends-only and community posts; blocked and suspended people; the party's chat; hostile input.
 */
import { describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../src/shared/api-types.ts';
import type { LfgListResponse } from '../../src/shared/lfg-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend, roomOf, roomsOf, say } from './support/chat.ts';
import { communityCrew } from './support/communities.ts';
import { newGame, suspend } from './support/games.ts';
import { detailOf, found, inHours, newLfg, seated } from './support/lfg.ts';
import { useTestServer } from './support/server.ts';
import { block, idOf, nameOf } from './support/social.ts';

const app = useTestServer();
const people = (n: number) => Promise.all(Array.from({ length: n }, () => signUp(app.origin)));
const roomStatus = async (who: SignedUp, roomId: number) => (await who.client.get(`/api/chat/messages/${roomId}`)).status;
const lfgNotices = async (who: SignedUp) =>
  (await who.client.get<NotificationsResponse>('/api/notifications')).body.notifications
    .filter((n) => n.type.startsWith('lfg_'))
    .map((n) => `${n.type} ${n.data.sender_username ?? ''} ${n.data.title}`.replace('  ', ' '));

describe('posting', () => {
  it('makes an open post with its group chat, and refuses a fourth running post', async () => {
    const [host] = await people(1);
    const game = await newGame(app);
    const res = await host!.client.post<{ lfg: Record<string, unknown> }>('/api/lfg', {
      game: game.slug,
      platform: 'playstation',
      title: '  Raid   night ',
      description: 'Bring snacks',
      starts_at: inHours(3),
      duration_minutes: 90,
      slots: 3,
      tags: ['mic', 'casual'],
      visibility: 'public',
    });
    expect(res.status, res.text).toBe(201);
    const post = res.body.lfg;
    expect(post).toMatchObject({
      title: 'Raid night',
      description: 'Bring snacks',
      game: { slug: game.slug, name: game.name },
      platform: 'playstation',
      host: { user_id: idOf(host!), username: nameOf(host!) },
      duration_minutes: 90,
      slots: 3,
      taken: 0,
      left: 3,
      tags: ['mic', 'casual'],
      status: 'open',
      my_status: 'host',
      community: null,
    });
    expect(post.room_id).toEqual(expect.any(Number));
    expect(await roomStatus(host!, post.room_id as number)).toBe(200);
    expect((await roomsOf(host!)).map((r) => r.name)).toContain('Raid night');

    await newLfg(host!, game.slug);
    await newLfg(host!, game.slug);
    const fourth = await host!.client.post('/api/lfg', {
      game: game.slug,
      platform: 'steam',
      title: 'One more',
      slots: 1,
      visibility: 'public',
    });
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual({ error: 'You can have at most 3 open posts: close one first' });
    // Closing one makes room for another.
    expect((await host!.client.post(`/api/lfg/${post.id}/close`)).status).toBe(200);
    await newLfg(host!, game.slug);
  });

  it('refuses bad input with a clear error and stores nothing', async () => {
    const [host] = await people(1);
    const game = await newGame(app);
    const base = { game: game.slug, platform: 'steam', title: 'Duos', slots: 2, visibility: 'public' };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ slots: 0 }, 400, 'Players wanted must be between 1 and 15'],
      [{ slots: 16 }, 400, 'Players wanted must be between 1 and 15'],
      [{ slots: 2.5 }, 400, 'Players wanted must be a whole number'],
      [{ platform: 'dreamcast' }, 400, 'Platform must be one of playstation, xbox, steam, nintendo, mobile'],
      [{ game: 'no-such-game' }, 400, 'Unknown game: no-such-game'],
      [{ starts_at: inHours(-2) }, 400, 'Start time cannot be in the past'],
      [{ starts_at: inHours(24 * 15) }, 400, 'Start time must be within 14 days'],
      [{ starts_at: 'tonight' }, 400, 'Start time must be an ISO time such as 2026-11-28T20:00:00Z'],
      [{ starts_at: '2026-13-45T99:00:00Z' }, 400, 'Start time must be an ISO time such as 2026-11-28T20:00:00Z'],
      [{ title: '' }, 400, 'Title is required'],
      [{ title: 'x'.repeat(81) }, 400, 'Title must be at most 80 characters'],
      [{ title: 'Duos\u0000' }, 400, 'Title contains characters that are not allowed'],
      [{ title: 'Duos \u202Egnikcah' }, 400, 'Title contains characters that are not allowed'],
      [{ description: 'd'.repeat(501) }, 400, 'Description must be at most 500 characters'],
      [{ tags: ['mic', 'mic'] }, 400, 'Each tag can be chosen once'],
      [{ tags: ['toxic'] }, 400, expect.stringContaining('Tags must be from') as unknown as string],
      [{ visibility: 'community' }, 400, 'Choose the community for a community post'],
      [{ visibility: 'secret' }, 400, 'Visibility must be one of public, friends, community'],
      [{ duration_minutes: 5 }, 400, 'Duration must be between 15 and 720'],
    ];
    // Refusals count against the hourly posting limit too: three people share the cases.
    const senders = [host!, ...(await people(2))];
    for (const [i, [change, status, error]] of cases.entries()) {
      const res = await senders[i % 3]!.client.post('/api/lfg', { ...base, ...change });
      expect([res.status, (res.body as { error: string }).error], JSON.stringify(change)).toEqual([status, error]);
    }
    const noCsrf = await host!.client.post('/api/lfg', base, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect((await host!.client.get<LfgListResponse>('/api/lfg/mine')).body.posts).toEqual([]);
  });

  it('holds each person to a few posts an hour', async () => {
    const [host] = await people(1);
    const game = await newGame(app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await host!.client.post('/api/lfg', { game: game.slug, platform: 'steam', title: `Try ${i}`, slots: 1, visibility: 'public' }))
          .status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409, 429]);
  });

  it('lets only members post for a community', async () => {
    const { owner, outsider, slug } = await communityCrew(app.origin, 'request');
    const game = await newGame(app);
    const body = { game: game.slug, platform: 'xbox', title: 'Clan night', slots: 4, visibility: 'community', community: slug };
    expect((await outsider.client.post('/api/lfg', body)).status).toBe(403);
    expect((await owner.client.post('/api/lfg', body)).status).toBe(201);
  });
});

describe('finding', () => {
  it('lists live posts soonest first, by game, platform and when; friends-only and community posts reach only their people', async () => {
    const [host, friend, stranger] = await people(3);
    await befriend(host!, friend!);
    const { owner: member, outsider, slug } = await communityCrew(app.origin);
    const game = await newGame(app);
    const other = await newGame(app);
    const later = await newLfg(host!, game.slug, { starts_at: inHours(5) });
    const now = await newLfg(host!, game.slug, { platform: 'xbox' });
    const friendsOnly = await newLfg(host!, game.slug, { visibility: 'friends', starts_at: inHours(2) });
    const clan = await newLfg(member, game.slug, { visibility: 'community', community: slug, starts_at: inHours(1.5) });
    const elsewhere = await newLfg(member, other.slug);

    expect(await found(stranger!, `?game=${game.slug}`)).toEqual([now, later]);
    expect(await found(friend!, `?game=${game.slug}`)).toEqual([now, friendsOnly, later]);
    expect(await found(outsider, `?game=${game.slug}`)).toEqual([now, later]);
    expect(await found(member, `?game=${game.slug}`)).toEqual([now, clan, later]);
    expect(await found(member, `?community=${slug}`)).toEqual([clan]);
    expect(await found(outsider, `?community=${slug}`)).toEqual([]);
    expect(await found(stranger!, `?game=${game.slug}&platform=xbox`)).toEqual([now]);
    expect(await found(stranger!, `?game=${game.slug}&when=now`)).toEqual([now]);
    expect(await found(stranger!, `?game=${game.slug}&when=later`)).toEqual([later]);
    expect(await found(stranger!, `?game=${other.slug}`)).toEqual([elsewhere]);
    // Hidden posts are not found by id either.
    expect((await stranger!.client.get(`/api/lfg/${friendsOnly}`)).body).toEqual({ error: 'Group not found' });
    expect((await outsider.client.get(`/api/lfg/${clan}`)).status).toBe(404);
    expect((await stranger!.client.get('/api/lfg/99999999')).status).toBe(404);
    expect((await stranger!.client.get('/api/lfg/abc')).status).toBe(404);
    expect((await stranger!.client.get('/api/lfg?platform=atari')).status).toBe(400);
    expect((await stranger!.client.get('/api/lfg?cursor=bm9wZQ')).body).toEqual({ error: 'cursor is not one this list gave out' });
  });

  it('pages with a cursor', async () => {
    const hosts = await people(8);
    const game = await newGame(app);
    const ids: number[] = [];
    for (const [i, host] of hosts.entries()) {
      for (let j = 0; j < 3; j += 1) ids.push(await newLfg(host, game.slug, { starts_at: inHours(1 + i * 3 + j) }));
    }
    const [reader] = await people(1);
    const first = (await reader!.client.get<LfgListResponse>(`/api/lfg?game=${game.slug}`)).body;
    expect(first.posts).toHaveLength(20);
    const second = (await reader!.client.get<LfgListResponse>(`/api/lfg?game=${game.slug}&cursor=${first.next_cursor}`)).body;
    expect([...first.posts, ...second.posts].map((p) => p.id)).toEqual(ids);
    expect(second.next_cursor).toBeNull();
  });

  it('shows the host’s handle only as their profile shares it', async () => {
    const [host, friend, stranger] = await people(3);
    await befriend(host!, friend!);
    await host!.client.put('/api/profile/consoles/steam', { steam_username: 'HostOnSteam' });
    const game = await newGame(app);
    const id = await newLfg(host!, game.slug);
    expect((await detailOf(stranger!, id)).host.handle).toBe('HostOnSteam');
    await host!.client.put('/api/profile/visibility', { platform: 'steam', visibility: 'friends' });
    expect((await detailOf(stranger!, id)).host.handle).toBeNull();
    expect((await detailOf(friend!, id)).host.handle).toBe('HostOnSteam');
    // In the party a friends-only handle is shared: adding each other is what the party is for.
    await seated(host!, id, stranger!);
    expect((await detailOf(stranger!, id)).host.handle).toBe('HostOnSteam');
    await host!.client.put('/api/profile/visibility', { platform: 'steam', visibility: 'nobody' });
    expect((await detailOf(stranger!, id)).host.handle).toBeNull();
  });

  it('never shows a blocked or suspended host’s posts, and the blocked cannot join', async () => {
    const [host, blocked, other, reader] = await people(4);
    const game = await newGame(app);
    const id = await newLfg(host!, game.slug);
    await block(host!, blocked!);
    expect(await found(blocked!, `?game=${game.slug}`)).toEqual([]);
    expect((await blocked!.client.get(`/api/lfg/${id}`)).status).toBe(404);
    expect((await blocked!.client.post(`/api/lfg/${id}/join`)).status).toBe(404);
    const shady = await newLfg(other!, game.slug);
    expect(await found(reader!, `?game=${game.slug}`)).toEqual([id, shady]);
    await suspend(app, other!);
    expect(await found(reader!, `?game=${game.slug}`)).toEqual([id]);
  });
});

describe('joining', () => {
  it('asks, is accepted into the party and its chat, fills the post, leaves and frees the slot', async () => {
    const [host, ann, ben, cat] = await people(4);
    const game = await newGame(app);
    const id = await newLfg(host!, game.slug, { slots: 2, title: 'Duo queue' });
    const asked = await ann!.client.post(`/api/lfg/${id}/join`, { message: 'Diamond support main' });
    expect([asked.status, asked.body]).toEqual([200, { status: 'requested' }]);
    expect((await ann!.client.post(`/api/lfg/${id}/join`)).body).toEqual({ error: 'You already asked to join this group' });
    const hostView = await detailOf(host!, id);
    expect(hostView.requests).toEqual([expect.objectContaining({ user_id: idOf(ann!), message: 'Diamond support main' })]);
    expect((await detailOf(ann!, id)).requests).toBeNull();
    expect((await detailOf(ann!, id)).room_id).toBeNull();
    // Only the host answers.
    expect((await ben!.client.post(`/api/lfg/${id}/requests/${idOf(ann!)}/accept`)).body).toEqual({ error: 'Only the host can do that' });
    expect((await host!.client.post(`/api/lfg/${id}/requests/${idOf(ben!)}/accept`)).body).toEqual({ error: 'Request not found' });
    expect((await host!.client.post(`/api/lfg/${id}/requests/${idOf(ann!)}/accept`, undefined, { csrf: false })).status).toBe(403);
    expect((await host!.client.post(`/api/lfg/${id}/requests/${idOf(ann!)}/accept`)).status).toBe(200);

    const annView = await detailOf(ann!, id);
    expect(annView).toMatchObject({ my_status: 'member', taken: 1, left: 1, status: 'open' });
    expect(annView.members.map((m) => m.username)).toEqual([nameOf(host!), nameOf(ann!)]);
    await say(ann!, annView.room_id!, 'hi team');
    expect((await roomOf(host!, annView.room_id!)).messages.map((m) => m.content)).toEqual(['hi team']);

    await seated(host!, id, ben!);
    expect(await detailOf(cat!, id)).toMatchObject({ status: 'full', taken: 2, left: 0 });
    expect((await cat!.client.post(`/api/lfg/${id}/join`)).body).toEqual({ error: 'This group is full' });
    expect(await found(cat!, `?game=${game.slug}`)).toEqual([id]); // full posts stay listed

    // The chat's membership follows the post while it runs.
    expect((await ben!.client.post(`/api/chat/group/${annView.room_id}/leave`)).status).toBe(400);
    expect((await ben!.client.post(`/api/lfg/${id}/leave`)).body).toEqual({ message: 'You left the group' });
    expect(await roomStatus(ben!, annView.room_id!)).toBe(404);
    expect(await detailOf(cat!, id)).toMatchObject({ status: 'open', taken: 1, left: 1 });
    expect((await cat!.client.post(`/api/lfg/${id}/join`)).status).toBe(200);

    expect(await lfgNotices(host!)).toEqual([
      `lfg_request ${nameOf(cat!)} Duo queue`,
      `lfg_request ${nameOf(ben!)} Duo queue`,
      `lfg_request ${nameOf(ann!)} Duo queue`,
    ]);
    expect(await lfgNotices(ann!)).toEqual([`lfg_accepted ${nameOf(host!)} Duo queue`]);
  });

  it('declines, and the declined cannot ask again; the host cannot join or leave their own post', async () => {
    const [host, ann] = await people(2);
    const game = await newGame(app);
    const id = await newLfg(host!, game.slug, { title: 'Sweaty ranked' });
    await ann!.client.post(`/api/lfg/${id}/join`);
    expect((await host!.client.post(`/api/lfg/${id}/requests/${idOf(ann!)}/decline`)).status).toBe(200);
    expect((await ann!.client.post(`/api/lfg/${id}/join`)).body).toEqual({ error: 'The host declined your request to join this group' });
    expect(await lfgNotices(ann!)).toEqual([`lfg_declined ${nameOf(host!)} Sweaty ranked`]);
    expect((await host!.client.post(`/api/lfg/${id}/join`)).body).toEqual({ error: 'You are the host of this group' });
    expect((await host!.client.post(`/api/lfg/${id}/leave`)).status).toBe(400);
    expect((await ann!.client.post(`/api/lfg/${id}/leave`)).body).toEqual({ error: 'You are not in this group' });
  });

  it('closes: players are told, the post leaves the lists, the chat stays for its members', async () => {
    const [host, ann, ben] = await people(3);
    const game = await newGame(app);
    const id = await newLfg(host!, game.slug, { title: 'Late night' });
    await seated(host!, id, ann!);
    expect((await ann!.client.post(`/api/lfg/${id}/close`)).body).toEqual({ error: 'Only the host can do that' });
    expect((await host!.client.post(`/api/lfg/${id}/close`)).status).toBe(200);
    expect(await found(ben!, `?game=${game.slug}`)).toEqual([]);
    expect((await ben!.client.get(`/api/lfg/${id}`)).status).toBe(404);
    expect((await ben!.client.post(`/api/lfg/${id}/join`)).status).toBe(404);
    const annView = await detailOf(ann!, id);
    expect(annView.status).toBe('closed');
    expect(await roomStatus(ann!, annView.room_id!)).toBe(200);
    expect(await lfgNotices(ann!)).toEqual([`lfg_closed ${nameOf(host!)} Late night`, `lfg_accepted ${nameOf(host!)} Late night`]);
    expect((await host!.client.post(`/api/lfg/${id}/close`)).body).toEqual({ error: 'This group is no longer open' });
  });

  it('gives the last slot to one of two accepted at once', async () => {
    const [host, ann, ben] = await people(3);
    const game = await newGame(app);
    const id = await newLfg(host!, game.slug, { slots: 1 });
    await ann!.client.post(`/api/lfg/${id}/join`);
    await ben!.client.post(`/api/lfg/${id}/join`);
    const answers = await Promise.all([ann!, ben!].map((p) => host!.client.post(`/api/lfg/${id}/requests/${idOf(p)}/accept`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await detailOf(host!, id)).toMatchObject({ taken: 1, status: 'full' });
  });

  it('lets a player blocked with the host since still see the group and leave it; the chat cannot be changed around it', async () => {
    const [host, ann, ben] = await people(3);
    await befriend(host!, ben!);
    const game = await newGame(app);
    const id = await newLfg(host!, game.slug);
    await seated(host!, id, ann!);
    const roomId = (await detailOf(ann!, id)).room_id!;
    const managed = { error: 'This group chat follows its looking-for-group post: join, leave or close it there' };
    expect((await host!.client.post(`/api/chat/group/${roomId}/add`, { user_id: idOf(ben!) })).body).toEqual(managed);
    expect((await host!.client.post(`/api/chat/group/${roomId}/remove`, { user_id: idOf(ann!) })).body).toEqual(managed);
    await block(host!, ann!);
    expect((await detailOf(ann!, id)).my_status).toBe('member');
    expect((await ann!.client.post(`/api/lfg/${id}/leave`)).status).toBe(200);
    expect((await detailOf(host!, id)).taken).toBe(0);
  });

  it('takes a withdrawn request out of the host’s bell, so asking again shows one', async () => {
    const [host, ann] = await people(2);
    const game = await newGame(app);
    const id = await newLfg(host!, game.slug, { title: 'Chill runs' });
    for (let i = 0; i < 3; i += 1) {
      expect((await ann!.client.post(`/api/lfg/${id}/join`)).status).toBe(200);
      expect((await ann!.client.post(`/api/lfg/${id}/leave`)).status).toBe(200);
    }
    expect((await ann!.client.post(`/api/lfg/${id}/join`)).status).toBe(200);
    expect(await lfgNotices(host!)).toEqual([`lfg_request ${nameOf(ann!)} Chill runs`]);
  });

  it('lists your groups: hosted, joined and asked, not declined', async () => {
    const [host, ann] = await people(2);
    const game = await newGame(app);
    const hosted = await newLfg(ann!, game.slug, { starts_at: inHours(3) });
    const joined = await newLfg(host!, game.slug, { starts_at: inHours(1) });
    const asked = await newLfg(host!, game.slug, { starts_at: inHours(2) });
    const declined = await newLfg(host!, game.slug, { starts_at: inHours(4) });
    await seated(host!, joined, ann!);
    await ann!.client.post(`/api/lfg/${asked}/join`);
    await ann!.client.post(`/api/lfg/${declined}/join`);
    await host!.client.post(`/api/lfg/${declined}/requests/${idOf(ann!)}/decline`);
    const mine = (await ann!.client.get<LfgListResponse>('/api/lfg/mine')).body.posts;
    expect(mine.map((p) => [p.id, p.my_status])).toEqual([
      [joined, 'member'],
      [asked, 'requested'],
      [hosted, 'host'],
    ]);
  });

  it('keeps the posts of a host who left or was banned off the community’s board', async () => {
    const { owner, ann, slug } = await communityCrew(app.origin);
    const game = await newGame(app);
    const id = await newLfg(ann, game.slug, { visibility: 'community', community: slug });
    expect(await found(owner, `?community=${slug}`)).toEqual([id]);
    expect((await owner.client.post(`/api/communities/${slug}/bans`, { user_id: idOf(ann) })).status).toBe(200);
    expect(await found(owner, `?community=${slug}`)).toEqual([]);
  });

  it('refuses a tampered cursor with 400', async () => {
    const [reader] = await people(1);
    const cursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
    for (const bad of [cursor(['2026-13-45T99:99:99Z', 1]), cursor(['2026-11-27T20:00:00Z', 2 ** 40]), cursor([1, 2])]) {
      const res = await reader!.client.get(`/api/lfg?cursor=${bad}`);
      expect([res.status, res.body]).toEqual([400, { error: 'cursor is not one this list gave out' }]);
    }
  });

  it('keeps someone blocked with a player out of the party', async () => {
    const [host, ann, ben] = await people(3);
    const game = await newGame(app);
    const id = await newLfg(host!, game.slug, { slots: 3 });
    await seated(host!, id, ann!);
    await block(ann!, ben!);
    expect((await ben!.client.post(`/api/lfg/${id}/join`)).body).toEqual({ error: "You can't join this group" });
    // Outsiders do not see a party member blocked with them.
    expect((await detailOf(ben!, id)).members.map((m) => m.username)).toEqual([nameOf(host!)]);
  });
});
