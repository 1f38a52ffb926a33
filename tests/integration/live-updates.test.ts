/**
 * Open pages follow what others do (ADR 045): a socket watches posts, profiles, game pages or the feed, and hears
 * counts, comments and new posts from the database's announcements, batched per node. People blocked either way
 * and suspended authors stay silent; nothing is sent per viewer from the request path.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BusEvents } from '../../src/server/services/event-bus.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { newGame, suspend, uploadTagged } from './support/games.ts';
import { isEvent, record, until, watch } from './support/live.ts';
import { inviteCode, newCommunity } from './support/communities.ts';
import { fixture, mediaForm, post, uploadMedia } from './support/media.ts';
import { ask, block, idOf, nameOf } from './support/social.ts';
import { useTestServer } from './support/server.ts';
import { closeAllSockets, connectAs, emitRaw } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

type Tuple<N extends number, T, A extends T[] = []> = A['length'] extends N ? A : Tuple<N, T, [...A, T]>;
const people = <N extends number>(n: N) => Promise.all(Array.from({ length: n }, () => signUp(app.origin))) as Promise<Tuple<N, SignedUp>>;
const like = (who: SignedUp, postId: number) => who.client.post(`/api/media/${postId}/like`);
const comment = async (who: SignedUp, postId: number, content = 'gg') =>
  (await who.client.post<{ comment: { id: number } }>(`/api/media/${postId}/comments`, { content })).body.comment.id;
const listen = async (who: SignedUp) => {
  const socket = await connectAs(who.client);
  return { socket, heard: record(socket) };
};

describe('live post counts and comments', () => {
  it('reach everyone watching the post with the counts now, coalesced, and never per viewer from the request', async () => {
    const [ann, ben, cat] = await people(3);
    const photo = await post(ann);
    const watchers = await Promise.all([listen(ann), listen(ben), listen(cat)]);
    for (const w of watchers) expect((await watch(w.socket, { posts: [photo.id] })).posts).toEqual([photo.id]);
    const sent: BusEvents['deliver.local'][] = [];
    const off = app.server.bus.on('deliver.local', (e) => e.event === 'post_counts' && sent.push(e));
    const likers = await people(12);
    await Promise.all(likers.map((who) => like(who, photo.id)));
    for (const w of watchers) await until(w.heard, isEvent('post_counts', { post_id: photo.id, likes: 12 }));
    off();
    // One delivery per batch to the post's room, not one per watcher or per like.
    expect(sent.length).toBeLessThan(12);
    expect(sent.every((e) => e.rooms.length === 1 && e.rooms[0] === `post:${photo.id}` && e.users.length === 0)).toBe(true);

    const commentId = await comment(ben, photo.id);
    for (const w of watchers) {
      await until(w.heard, isEvent('comment_added', { post_id: photo.id, comment_id: commentId }));
      await until(w.heard, isEvent('post_counts', { post_id: photo.id, likes: 12, comment_count: 1 }));
    }
    expect((await ben.client.delete(`/api/media/${photo.id}/comments/${commentId}`)).status).toBe(200);
    for (const w of watchers) await until(w.heard, isEvent('comment_removed', { post_id: photo.id, comment_id: commentId }));
  });

  it('never reach people blocked either way with the author or the commenter, even if they watched before the block', async () => {
    const [ann, ben, dan, eve] = await people(4);
    const [photo, other] = [await post(ann), await post(eve)];
    const d = await listen(dan);
    expect(await watch(d.socket, { posts: [photo.id, other.id] })).toMatchObject({ posts: [photo.id, other.id].sort((a, b) => a - b) });
    await block(ann, dan);
    await like(ben, photo.id);
    await like(ben, other.id); // the marker: dan hears this and nothing of ann's post before it
    const before = await until(d.heard, isEvent('post_counts', { post_id: other.id }));
    expect(before.filter((h) => 'post_id' in h.payload && h.payload.post_id === photo.id)).toEqual([]);

    // A comment by someone dan blocked, on a post dan may see: the count arrives, the comment does not.
    await block(dan, ben);
    const hidden = await comment(ben, other.id, 'hidden from dan');
    const shown = await comment(eve, other.id, 'marker');
    const heard = await until(d.heard, isEvent('comment_added', { comment_id: shown }));
    expect(heard.some(isEvent('comment_added', { comment_id: hidden }))).toBe(false);
  });

  it('joins only what the person may see, ignores malformed watches and refuses too many ids', async () => {
    const [ann, ben, cat, sus] = await people(4);
    const [photo, blocked, suspended] = [await post(ann), await post(cat), await post(sus)];
    await block(cat, ben);
    await suspend(app, sus);
    const b = await listen(ben);
    const allowed = await watch(b.socket, { posts: [photo.id, blocked.id, suspended.id, 2 ** 31 - 1], people: [idOf(cat), idOf(ann)] });
    expect(allowed).toEqual({ posts: [photo.id], people: [idOf(ann)], games: [], communities: [], channels: [], feed: false });
    emitRaw(b.socket, 'watch', { posts: 'all' });
    emitRaw(b.socket, 'watch', { posts: Array.from({ length: 301 }, (_, i) => i + 1), people: [], games: [], feed: false });
    // Still watching the allowed post: both malformed watches were ignored.
    await like(cat, photo.id);
    await until(b.heard, isEvent('post_counts', { post_id: photo.id, likes: 1 }));
    expect((await watch(b.socket, {})).posts).toEqual([]);
  });

  it('checks a person’s watches at most ten a second on a node, however many sockets they open', async () => {
    const [ann] = await people(1);
    const live = app.server.services.live;
    const original = live.allowed;
    let checks = 0;
    live.allowed = (viewerId, req) => (checks++, original(viewerId, req));
    try {
      const sockets = await Promise.all(Array.from({ length: 10 }, () => connectAs(ann.client)));
      const started = Date.now();
      const last = sockets.map((socket) => {
        for (let i = 0; i < 20; i++) emitRaw(socket, 'watch', { posts: [i + 1], people: [], games: [], feed: false });
        return watch(socket, { feed: true }); // answered once this socket's latest watch has been checked
      });
      await Promise.all(last);
      const seconds = (Date.now() - started) / 1000;
      // 200 watches on 10 sockets: each socket's latest one is checked, spaced 100 ms apart for the person.
      expect(checks).toBeLessThanOrEqual(Math.ceil(seconds * 10) + 2);
      expect(seconds).toBeGreaterThan(0.8);
    } finally {
      live.allowed = original;
    }
  });

  it('goes quiet for a suspended author', async () => {
    const [ann, ben, eve] = await people(3);
    const [photo, marker] = [await post(ann), await post(eve)];
    const b = await listen(ben);
    await watch(b.socket, { posts: [photo.id, marker.id] });
    await suspend(app, ann);
    await like(eve, photo.id);
    await like(ben, marker.id);
    const heard = await until(b.heard, isEvent('post_counts', { post_id: marker.id }));
    expect(heard.some(isEvent('post_counts', { post_id: photo.id }))).toBe(false);
  });
});

describe('live new posts', () => {
  it('reach the feed, the author’s profile and the game page watching them, except people blocked either way', async () => {
    const [ann, ben, cat, dan] = await people(4);
    const game = await newGame(app);
    const [feed, profile, gamePage] = await Promise.all([listen(ben), listen(cat), listen(dan)]);
    await watch(feed.socket, { feed: true });
    await watch(profile.socket, { people: [idOf(ann)] });
    await watch(gamePage.socket, { games: [game.slug] });
    const res = await uploadTagged(ann, game.slug);
    expect(res.status, res.text).toBe(201);
    const id = (res.body as { media: { id: number } }).media.id;
    const created = { post_id: id, user_id: idOf(ann), game: game.slug, community: null };
    for (const w of [feed, profile, gamePage])
      expect((await until(w.heard, isEvent('post_created', { post_id: id }))).at(-1)!.payload).toEqual(created);

    await block(ann, dan);
    await watch(gamePage.socket, { feed: true });
    const hiddenPost = await post(ann);
    const shownPost = await post(cat);
    const heard = await until(gamePage.heard, isEvent('post_created', { post_id: shownPost.id }));
    expect(heard.some(isEvent('post_created', { post_id: hiddenPost.id }))).toBe(false);
  });
});

describe('live community posts', () => {
  it('reach only the community page, watched only by those who see its content', async () => {
    const [ann, ben, cat] = await people(3);
    const slug = await newCommunity(ann, 'request');
    const [member, outsider] = await Promise.all([listen(ben), listen(cat)]);
    const code = await inviteCode(ann, slug);
    expect((await ben.client.post(`/api/communities/invites/${code}/accept`)).status).toBe(200);
    expect((await watch(member.socket, { communities: [slug] })).communities).toEqual([slug]);
    // A request community's page is not the outsider's to follow; the feed and ann's profile are.
    expect((await watch(outsider.socket, { communities: [slug], feed: true, people: [idOf(ann)] })).communities).toEqual([]);
    const form = new FormData();
    form.append('community', slug);
    form.append('file', mediaForm(await fixture('avatar-400.png'), 'avatar-400.png').get('file')!);
    const res = await uploadMedia(ann, form);
    expect(res.status, res.text).toBe(201);
    const id = res.body.media.id;
    const heard = await until(member.heard, isEvent('post_created', { post_id: id }));
    expect(heard.at(-1)!.payload).toEqual({ post_id: id, user_id: idOf(ann), game: null, community: slug });
    // Then a plain post, which the outsider hears: the community post came before it and never reached them.
    const plain = await post(ann);
    const theirs = await until(outsider.heard, isEvent('post_created', { post_id: plain.id }));
    expect(theirs.some(isEvent('post_created', { post_id: id }))).toBe(false);
  });
});

describe('live profiles', () => {
  it('keep a pending request to the two people: its rejection sends watchers no counts', async () => {
    const [ann, ben, cat, dan] = await people(4);
    const [watcher, b] = await Promise.all([listen(cat), listen(ben)]);
    await watch(watcher.socket, { people: [idOf(ben)] });
    const request = await ask(ann, ben); // a request follows too: that part is public, and counted
    await until(watcher.heard, isEvent('profile_counts', { user_id: idOf(ben), followers_count: 1 }));
    const seen = watcher.heard.length;
    const rejected = await ben.client.delete('/api/friends/reject', { request_id: request.body.request_id });
    expect(rejected.status, rejected.text).toBe(200);
    await until(
      b.heard,
      (h) => h.event === 'relationship_changed' && b.heard.filter((x) => x.event === 'relationship_changed').length >= 2,
    );
    expect((await dan.client.post(`/api/profile/@${nameOf(ben)}/follow`)).status).toBe(200); // the marker
    const heard = await until(watcher.heard, isEvent('profile_counts', { user_id: idOf(ben), followers_count: 2 }));
    expect(heard.slice(seen).filter((h) => h.event === 'profile_counts')).toHaveLength(1);
  });

  it('send a watched profile its counts, and both people a relationship change', async () => {
    const [ann, ben, cat] = await people(3);
    const [watcher, a, b] = await Promise.all([listen(cat), listen(ann), listen(ben)]);
    await watch(watcher.socket, { people: [idOf(ben)] });
    expect((await ann.client.post(`/api/profile/@${nameOf(ben)}/follow`)).status).toBe(200);
    await until(watcher.heard, isEvent('profile_counts', { user_id: idOf(ben), followers_count: 1, following_count: 0 }));
    await until(a.heard, isEvent('relationship_changed', { user_id: idOf(ben) }));
    await until(b.heard, isEvent('relationship_changed', { user_id: idOf(ann) }));

    const request = await ask(ann, ben);
    expect((await ben.client.post('/api/friends/accept', { request_id: request.body.request_id })).status).toBe(200);
    await until(watcher.heard, isEvent('profile_counts', { user_id: idOf(ben), friends_count: 1 }));
  });
});
