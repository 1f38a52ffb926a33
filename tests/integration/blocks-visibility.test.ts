/**
 * Blocking is mutual invisibility: every rule is checked in both directions (the blocker and the blocked see
 * the same), and with a third person whose lists must not show one to the other.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CommentsResponse, MediaListResponse, OtherProfileResponse, SearchResponse } from '../../src/shared/api-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, say, sendText } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { fixture, post } from './support/media.ts';
import { fetchPicture, imageForm } from './support/pictures.ts';
import { useTestServer } from './support/server.ts';
import { ask, block, idOf, nameOf, notificationsOf, sql, unblock } from './support/social.ts';
import { closeAllSockets, connectAs, emitRaw, nextEvent, type TestSocket } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

const CANNOT = "You can't interact with this user";
/** `n` new accounts (typed as four; take as many as you asked for). */
const people = async (n: number) =>
  (await Promise.all(Array.from({ length: n }, () => signUp(app.origin)))) as [SignedUp, SignedUp, SignedUp, SignedUp];
/** A blocks B; the tests then run each rule as [A, B] and [B, A]. */
async function blockedPair(): Promise<Array<[SignedUp, SignedUp]>> {
  const [a, b] = await people(2);
  await block(a, b);
  return [
    [a, b],
    [b, a],
  ];
}
const searchFor = async (who: SignedUp, other: SignedUp) =>
  (await who.client.get<SearchResponse>(`/api/profile/search?query=${encodeURIComponent(nameOf(other))}`)).body.users.map((u) => u.user_id);
const feedIds = async (who: SignedUp) =>
  (await who.client.get<MediaListResponse>('/api/media/feed?per_page=50')).body.media.map((m) => m.id);

describe('people', () => {
  it('neither finds the other in search, until the block is lifted', async () => {
    const pairs = await blockedPair();
    for (const [x, y] of pairs) expect(await searchFor(x, y)).not.toContain(idOf(y));
    await unblock(pairs[0]![0], pairs[0]![1]);
    for (const [x, y] of pairs) expect(await searchFor(x, y)).toContain(idOf(y));
  });

  it("the other's profile is 404 like an unknown name, and their posts list and picture too", async () => {
    const pairs = await blockedPair();
    for (const [x] of pairs) {
      const upload = await x.client.upload('/api/profile/picture', imageForm(await fixture('avatar-400.png'), 'a.png', 'image/png'));
      expect(upload.status, upload.text).toBe(200);
    }
    for (const [x, y] of pairs) {
      expectError(await x.client.get(`/api/profile/@${nameOf(y)}`), 404, 'User not found');
      expectError(await x.client.get(`/api/media/user/@${nameOf(y)}`), 404, 'User not found');
      expectError(await x.client.get(`/api/profile/@${nameOf(y)}/picture`), 404, 'User not found');
    }
    await unblock(pairs[0]![0], pairs[0]![1]);
    for (const [x, y] of pairs) expect((await fetchPicture(x.client, `/api/profile/@${nameOf(y)}/picture`)).status).toBe(200);
  });

  it("a third person's follower and following lists leave the other out (counts stay exact)", async () => {
    const [a, b] = await people(2);
    await block(a, b);
    const cal = await signUp(app.origin);
    for (const who of [a, b]) {
      expect((await who.client.post(`/api/profile/@${nameOf(cal)}/follow`)).status).toBe(200);
      expect((await cal.client.post(`/api/profile/@${nameOf(who)}/follow`)).status).toBe(200);
    }
    for (const x of [a, b]) {
      const profile = (await x.client.get<OtherProfileResponse>(`/api/profile/@${nameOf(cal)}`)).body;
      expect(profile.followers.map((p) => p.user_id)).toEqual([idOf(x)]);
      expect(profile.following.map((p) => p.user_id)).toEqual([idOf(x)]);
      expect(profile.followers_count).toBe(2);
    }
  });

  it('friend requests, accepting and follows are refused with 403 both ways; unfollowing still works', async () => {
    for (const [x, y] of await blockedPair()) {
      expectError(await ask(x, y), 403, CANNOT);
      expectError(await x.client.post(`/api/profile/@${nameOf(y)}/follow`), 403, CANNOT);
      expect((await x.client.delete(`/api/profile/@${nameOf(y)}/follow`)).status).toBe(200);
    }
  });

  it('a request that slipped in before the block cannot be accepted once they are blocked (403)', async () => {
    const [dee, eli] = await people(2);
    const { request_id } = (await ask(dee, eli)).body;
    // Written directly, as a block racing the request would leave it: the block call itself deletes the request.
    await sql(app.database, 'insert into blocks (blocker_id, blocked_id) values ($1, $2)', [idOf(dee), idOf(eli)]);
    expectError(await eli.client.post('/api/friends/accept', { request_id }), 403, CANNOT);
  });
});

describe('chat', () => {
  it('no 1-on-1, no group with them and no adding them, both ways (403)', async () => {
    for (const [x, y] of await blockedPair()) {
      const res = await x.client.post('/api/chat/create-room', { name: '', user_ids: [idOf(y)], is_group: false });
      expectError(res, 403, CANNOT);
      const friend = await signUp(app.origin);
      await befriend(x, friend);
      expectError(
        await x.client.post('/api/chat/create-room', { name: 'g', user_ids: [idOf(friend), idOf(y)], is_group: true }),
        403,
        CANNOT,
      );
      const group = await createGroup(x, 'g', [friend]);
      expectError(await x.client.post(`/api/chat/group/${group}/add`, { user_id: idOf(y) }), 403, CANNOT);
    }
  });

  it('an existing 1-on-1 refuses sending both ways (history stays); a shared group keeps flowing', async () => {
    const [fox, gil, hub] = await people(3);
    await befriend(fox, gil, hub);
    await befriend(gil, hub);
    const direct = await createDirect(fox, gil);
    await say(fox, direct, 'before');
    const group = await createGroup(fox, 'crew', [gil, hub]);
    await block(gil, fox);
    expectError(await sendText(fox, direct, 'after'), 403, CANNOT);
    expectError(await sendText(gil, direct, 'after'), 403, CANNOT);
    expectError(await fox.client.post('/api/chat/create-room', { name: '', user_ids: [idOf(gil)], is_group: false }), 403, CANNOT);
    const history = await gil.client.get<{ messages: Array<{ content: string }> }>(`/api/chat/messages/${direct}`);
    expect(history.body.messages.map((m) => m.content)).toEqual(['before']);
    await say(fox, group, 'still here');
    await say(gil, group, 'me too');
  });

  it("the 1-on-1's detail says nobody can send, and names only the viewer's own block; unblocking opens it again", async () => {
    const [ivy, jon, kim] = await people(3);
    await befriend(ivy, jon, kim);
    const direct = await createDirect(ivy, jon);
    const group = await createGroup(ivy, 'pals', [jon, kim]);
    type Sendable = { can_send: boolean; you_blocked: boolean };
    const detail = async (who: SignedUp, room: number) => (await who.client.get<Sendable>(`/api/chat/messages/${room}`)).body;
    expect(await detail(ivy, direct)).toMatchObject({ can_send: true, you_blocked: false });
    await block(jon, ivy);
    expect(await detail(jon, direct)).toMatchObject({ can_send: false, you_blocked: true });
    expect(await detail(ivy, direct)).toMatchObject({ can_send: false, you_blocked: false });
    for (const who of [ivy, jon]) expect(await detail(who, group)).toMatchObject({ can_send: true, you_blocked: false });
    await unblock(jon, ivy);
    expect(await detail(ivy, direct)).toMatchObject({ can_send: true, you_blocked: false });
    expect(await detail(jon, direct)).toMatchObject({ can_send: true, you_blocked: false });
  });
});

describe('typing', () => {
  /** `who` types in `room`; answers what `listener` heard within `ms` ('timeout': nothing). */
  async function typed(who: TestSocket, room: number, listener: TestSocket, ms = 400): Promise<unknown> {
    const heard = nextEvent(listener, 'typing', ms);
    emitRaw(who, 'typing', { room_id: room, isTyping: true });
    return heard;
  }

  it('stops in a 1-on-1 both ways as soon as the block is answered, and flows again as soon as it is lifted', async () => {
    const [fox, gil, hub] = await people(3);
    await befriend(fox, gil, hub);
    await befriend(gil, hub);
    const direct = await createDirect(fox, gil);
    const group = await createGroup(fox, 'crew', [gil, hub]);
    const [foxSocket, gilSocket] = [await connectAs(fox.client), await connectAs(gil.client)];
    // Both relays have the 1-on-1's audience cached before the block.
    expect(await typed(gilSocket, direct, foxSocket)).toMatchObject({ room_id: direct, user_id: idOf(gil) });
    expect(await typed(foxSocket, direct, gilSocket)).toMatchObject({ room_id: direct, user_id: idOf(fox) });

    await block(fox, gil);
    expect(await typed(gilSocket, direct, foxSocket)).toBe('timeout');
    expect(await typed(foxSocket, direct, gilSocket)).toBe('timeout');
    // A group they share keeps flowing, as its messages do.
    expect(await typed(gilSocket, group, foxSocket)).toMatchObject({ room_id: group, user_id: idOf(gil) });

    await unblock(fox, gil);
    expect(await typed(gilSocket, direct, foxSocket)).toMatchObject({ room_id: direct, user_id: idOf(gil) });
    expect(await typed(foxSocket, direct, gilSocket)).toMatchObject({ room_id: direct, user_id: idOf(fox) });
  });
});

describe('posts and comments', () => {
  it("neither sees the other's posts: feed, the post, its view URL and comments are 404; likes and comments 404", async () => {
    const [a, b] = await people(2);
    const [postA, postB] = [await post(a), await post(b)];
    await block(a, b);
    for (const [x, mine, theirs] of [
      [a, postA, postB],
      [b, postB, postA],
    ] as const) {
      const feed = await feedIds(x);
      expect(feed).toContain(mine.id);
      expect(feed).not.toContain(theirs.id);
      for (const path of ['', '/view', '/comments']) {
        expectError(await x.client.get(`/api/media/${theirs.id}${path}`), 404, 'Post not found');
      }
      expectError(await x.client.post(`/api/media/${theirs.id}/like`), 404, 'Post not found');
      expectError(await x.client.post(`/api/media/${theirs.id}/comments`, { content: 'hi' }), 404, 'Post not found');
      expect((await x.client.get(`/api/media/${mine.id}`)).status).toBe(200);
    }
    await unblock(a, b);
    expect(await feedIds(a)).toContain(postB.id);
  });

  it("on a third person's post, each one's comments are hidden from the other (list and feed preview)", async () => {
    const [a, b, cy] = await people(3);
    const shared = await post(cy);
    const say = async (who: SignedUp, content: string) =>
      expect((await who.client.post(`/api/media/${shared.id}/comments`, { content })).status).toBe(201);
    await say(a, 'from a');
    await say(b, 'from b');
    await block(b, a);
    const list = async (who: SignedUp) =>
      (await who.client.get<CommentsResponse>(`/api/media/${shared.id}/comments`)).body.comments.map((c) => c.content);
    expect(await list(a)).toEqual(['from a']);
    expect(await list(b)).toEqual(['from b']);
    expect(await list(cy)).toEqual(['from a', 'from b']);
    const preview = async (who: SignedUp) => {
      const feed = (await who.client.get<MediaListResponse>('/api/media/feed?per_page=50')).body.media;
      return feed.find((m) => m.id === shared.id)!.comments.map((c) => c.content);
    };
    expect(await preview(a)).toEqual(['from a']);
    expect(await preview(cy)).toEqual(['from b']);
  });
});

describe('notifications', () => {
  it('old notifications from the other leave the list and the count; nothing new is stored; unblock brings back the old', async () => {
    const [a, b] = await people(2);
    const postA = await post(a);
    expect((await b.client.post(`/api/media/${postA.id}/like`)).status).toBe(200);
    expect(await notificationsOf(a)).toMatchObject({ unread_count: 1 });
    await block(a, b);
    expect(await notificationsOf(a)).toMatchObject({ notifications: [], unread_count: 0 });
    const stored = await app.server.services.notifications.notify(idOf(a), 'comment', {
      sender_id: idOf(b),
      sender_username: nameOf(b),
    });
    expect(stored).toBeNull();
    await unblock(a, b);
    const after = await notificationsOf(a);
    expect(after.notifications.map((n) => n.type)).toEqual(['like']);
    expect(after.unread_count).toBe(1);
  });
});
