/**
 * A community's feed (ADR 049): posting into it (members only, checked again as the post is written), who sees its
 * posts anywhere (its feed, the author's grid, one post, comments, likes, 'My communities'; never the plain feed),
 * pins, removal by its moderators (and nowhere else), reports reaching them, and a deleted community leaving no post
 * or file behind.
 */
import { describe, expect, it } from 'vitest';
import type { CommentResponse, MediaItem, MediaListResponse, NotificationsResponse } from '../../src/shared/api-types.ts';
import type { CommunityReportsResponse, ModlogResponse } from '../../src/shared/community-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { communityCrew, newCommunity } from './support/communities.ts';
import { expectError } from './support/expectations.ts';
import { fixture, isStored, mediaForm, uploadMedia } from './support/media.ts';
import { useTestServer } from './support/server.ts';
import { idOf, nameOf, sql } from './support/social.ts';

const app = useTestServer();

async function postInto(who: SignedUp, community: string, caption = 'into the community') {
  const file = mediaForm(await fixture('avatar-400.png'), 'avatar-400.png');
  const form = new FormData();
  form.append('caption', caption);
  form.append('community', community);
  form.append('file', file.get('file')!);
  return uploadMedia(who, form);
}
async function posted(who: SignedUp, community: string, caption?: string): Promise<MediaItem> {
  const res = await postInto(who, community, caption);
  expect(res.status, res.text).toBe(201);
  return res.body.media;
}
const ids = (page: MediaListResponse) => page.media.map((m) => m.id);
const feedOf = async (who: SignedUp, slug: string, query = '') =>
  (await who.client.get<MediaListResponse>(`/api/communities/${slug}/media${query}`)).body;
const exists = (key: string) => isStored(app.dataDir, key);

const crew = (visibility: 'public' | 'request' | 'invite' = 'public') => communityCrew(app.origin, visibility);

describe('posting into a community', () => {
  it('takes posts from members only, tagged with the community, and refuses bad or hidden communities', async () => {
    const { ann, outsider, slug } = await crew('request');
    const item = await posted(ann, slug);
    expect(item.community).toEqual({ slug, name: expect.any(String) });
    expect(item.can_moderate).toBe(false);
    expectError(await postInto(outsider, slug), 403, 'Join the community to post in it');
    expectError(await postInto(ann, 'no-such-community'), 404, 'Community not found');
    expectError(await postInto(ann, 'Not A Slug\u202e'), 404, 'Community not found');
    const hidden = await newCommunity(outsider, 'invite');
    expectError(await postInto(ann, hidden), 404, 'Community not found');
    const withoutCsrf = mediaForm(await fixture('avatar-400.png'), 'avatar-400.png');
    withoutCsrf.append('community', slug);
    expect((await uploadMedia(ann, withoutCsrf, { csrf: false })).status).toBe(403);
    const rows = await sql(app.database, 'select community_id from media where user_id = $1', [idOf(ann)]);
    expect(rows).toHaveLength(1);
  });

  it('refuses the banned, storing nothing', async () => {
    const { owner, ann, slug } = await crew();
    expect((await owner.client.post(`/api/communities/${slug}/bans`, { user_id: idOf(ann), reason: 'spam' })).status).toBe(200);
    expectError(await postInto(ann, slug), 403, 'You are banned from this community');
    expect(await sql(app.database, 'select 1 from media where user_id = $1', [idOf(ann)])).toEqual([]);
  });
});

describe('who sees community posts', () => {
  it('shows a request community’s posts to members only: its feed, the author’s grid, the post, comments and likes', async () => {
    const { ann, mod, outsider, slug } = await crew('request');
    const item = await posted(ann, slug);
    expect(ids(await feedOf(mod, slug))).toEqual([item.id]);
    expectError(await outsider.client.get(`/api/communities/${slug}/media`), 404);
    const grid = await outsider.client.get<MediaListResponse>(`/api/media/user/@${nameOf(ann)}`);
    expect(ids(grid.body)).not.toContain(item.id);
    expectError(await outsider.client.get(`/api/media/${item.id}`), 404, 'Post not found');
    expectError(await outsider.client.get(`/api/media/${item.id}/view`), 404);
    expectError(await outsider.client.get(`/api/media/${item.id}/comments`), 404);
    expectError(await outsider.client.post(`/api/media/${item.id}/comments`, { content: 'hi' }), 404);
    expectError(await outsider.client.post(`/api/media/${item.id}/like`), 404);
    // Unliking what one never liked says nothing either: not even that the post exists, nor its likes.
    expectError(await outsider.client.delete(`/api/media/${item.id}/dislike`), 404, 'Post not found');
    expect((await mod.client.post(`/api/media/${item.id}/like`)).status).toBe(200);
    const own = await ann.client.get<MediaListResponse>(`/api/media/user/@${nameOf(ann)}`);
    expect(ids(own.body)).toContain(item.id);
  });

  it('keeps community posts out of the plain feed and gathers the viewer’s communities in view=communities', async () => {
    const { ann, mod, outsider, slug } = await crew();
    const item = await posted(ann, slug);
    const plain = await mod.client.get<MediaListResponse>('/api/media/feed?per_page=50');
    expect(ids(plain.body)).not.toContain(item.id);
    const mine = await mod.client.get<MediaListResponse>('/api/media/feed?view=communities');
    expect(ids(mine.body)).toEqual([item.id]);
    // A public community's posts are there for anyone signed in, on its page; not in their 'My communities'.
    expect(ids(await feedOf(outsider, slug))).toEqual([item.id]);
    expect(ids((await outsider.client.get<MediaListResponse>('/api/media/feed?view=communities')).body)).toEqual([]);
    expectError(await mod.client.get('/api/media/feed?view=everything'), 400, "view must be 'my-games' or 'communities'");
  });

  it('hides a public community’s posts from people it banned', async () => {
    const { owner, ann, outsider, slug } = await crew();
    const item = await posted(ann, slug);
    expect((await owner.client.post(`/api/communities/${slug}/bans`, { user_id: idOf(outsider) })).status).toBe(200);
    expectError(await outsider.client.get(`/api/media/${item.id}`), 404);
    expectError(await outsider.client.get(`/api/communities/${slug}/media`), 404);
  });
});

describe('pins', () => {
  it('lets moderators pin up to three posts of their community, shown first on the first page only', async () => {
    const { owner, mod, ann, slug } = await crew();
    const posts: MediaItem[] = [];
    for (let i = 0; i < 5; i += 1) posts.push(await posted(ann, slug, `post ${i}`));
    const [p0, p1, p2, p3, p4] = posts.map((p) => p.id) as [number, number, number, number, number];
    expectError(await ann.client.put(`/api/communities/${slug}/pins/${p0}`), 403, 'Only moderators can do that');
    expect((await mod.client.put(`/api/communities/${slug}/pins/${p0}`)).status).toBe(200);
    expect((await owner.client.put(`/api/communities/${slug}/pins/${p1}`)).status).toBe(200);
    expect((await mod.client.put(`/api/communities/${slug}/pins/${p1}`)).status).toBe(200);
    expect((await mod.client.put(`/api/communities/${slug}/pins/${p2}`)).status).toBe(200);
    expectError(await mod.client.put(`/api/communities/${slug}/pins/${p3}`), 409, 'A community can pin at most 3 posts: unpin one first');
    const first = await feedOf(ann, slug, '?per_page=1');
    expect(ids(first)).toEqual([p2, p1, p0, p4]);
    expect(first.media.slice(0, 3).every((m) => m.pinned)).toBe(true);
    expect(ids(await feedOf(ann, slug, `?per_page=5&cursor=${first.next_cursor}`))).toEqual([p3]);
    expect((await mod.client.delete(`/api/communities/${slug}/pins/${p0}`)).status).toBe(200);
    expect((await mod.client.put(`/api/communities/${slug}/pins/${p3}`)).status).toBe(200);
    // Another community's post, or one outside communities, is not found here.
    const other = await newCommunity(owner);
    const elsewhere = await posted(owner, other);
    expectError(await mod.client.put(`/api/communities/${slug}/pins/${elsewhere.id}`), 404, 'Post not found');
    expectError(await mod.client.put(`/api/communities/${slug}/pins/not-an-id`), 404);
    const log = await owner.client.get<ModlogResponse>(`/api/communities/${slug}/modlog`);
    expect(log.body.entries.slice(0, 2).map((e) => e.action)).toEqual(['pin', 'unpin']);
  });
});

describe('moderators removing posts and comments', () => {
  it('lets a community moderator remove posts and comments there, logged, and nowhere else', async () => {
    const { owner, mod, ann, slug } = await crew();
    const item = await posted(ann, slug);
    const comment = await ann.client.post<CommentResponse>(`/api/media/${item.id}/comments`, { content: 'first!' });
    expect(comment.status).toBe(201);
    expect((await mod.client.get<MediaItem>(`/api/media/${item.id}`)).body.can_moderate).toBe(true);
    // The owner's own post is above a moderator: theirs to remove, not the moderator's (nor offered to them).
    const ownersPost = await posted(owner, slug);
    expect((await mod.client.get<MediaItem>(`/api/media/${ownersPost.id}`)).body.can_moderate).toBe(false);
    expectError(await mod.client.delete(`/api/media/${ownersPost.id}`), 404, 'Post not found');
    // Outside the community a moderator is nobody special.
    const [outside] = await Promise.all([posted(ann, await newCommunity(ann))]);
    expectError(await mod.client.delete(`/api/media/${outside!.id}`), 404);
    const deleted = await mod.client.delete(`/api/media/${item.id}/comments/${comment.body.comment.id}`);
    expect(deleted.status).toBe(200);
    const keys = await sql<{ file_key: string }>(app.database, 'select file_key from media where id = $1', [item.id]);
    expect((await mod.client.delete(`/api/media/${item.id}`)).status).toBe(200);
    expect(await exists(keys[0]!.file_key)).toBe(false);
    const log = await owner.client.get<ModlogResponse>(`/api/communities/${slug}/modlog`);
    expect(log.body.entries.slice(0, 2)).toMatchObject([
      { action: 'remove_post', actor: nameOf(mod), target: nameOf(ann) },
      { action: 'remove_comment', actor: nameOf(mod), target: nameOf(ann) },
    ]);
    // A commenter who blocked the moderator is still theirs to remove there.
    const blocked = await ann.client.post<CommentResponse>(`/api/media/${ownersPost.id}/comments`, { content: 'you cannot see me' });
    expect((await ann.client.post(`/api/profile/@${nameOf(mod)}/block`)).status).toBe(200);
    expect((await mod.client.delete(`/api/media/${ownersPost.id}/comments/${blocked.body.comment.id}`)).status).toBe(200);
    // An author still finds and deletes their own post after being banned from the community.
    const mine = await posted(ann, slug);
    expect((await owner.client.post(`/api/communities/${slug}/bans`, { user_id: idOf(ann) })).status).toBe(200);
    expect(ids((await ann.client.get<MediaListResponse>(`/api/media/user/@${nameOf(ann)}`)).body)).toContain(mine.id);
    expect((await ann.client.delete(`/api/media/${mine.id}`)).status).toBe(200);
  });
});

describe('deleting a community', () => {
  it('removes its posts with their files, likes and comments', async () => {
    const { owner, ann, mod, slug } = await crew();
    const item = await posted(ann, slug);
    await mod.client.post(`/api/media/${item.id}/like`);
    await mod.client.post(`/api/media/${item.id}/comments`, { content: 'nice' });
    const keys = await sql<{ key: string }>(app.database, 'select unnest(array[file_key, thumb_key]) as key from media where id = $1', [
      item.id,
    ]);
    expect(keys.length).toBeGreaterThan(0);
    expect((await owner.client.delete(`/api/communities/${slug}`, { password: owner.registration.password })).status).toBe(200);
    expect(await sql(app.database, 'select 1 from media where id = $1', [item.id])).toEqual([]);
    expect(await sql(app.database, 'select 1 from media_comments where media_id = $1', [item.id])).toEqual([]);
    for (const { key } of keys) expect(await exists(key), key).toBe(false);
  });

  it('removes the files of a community deleted with its owner’s account', async () => {
    const owner = await signUp(app.origin);
    const slug = await newCommunity(owner);
    const item = await posted(owner, slug);
    const keys = await sql<{ key: string }>(app.database, 'select file_key as key from media where id = $1', [item.id]);
    expect((await owner.client.delete('/api/account', { password: owner.registration.password })).status).toBe(200);
    expect(await exists(keys[0]!.key)).toBe(false);
  });
});

describe('reports on community content', () => {
  it('reach the community’s moderators without the reporter’s name; a removal there closes them', async () => {
    const { owner, mod, ann, outsider, slug } = await crew();
    const item = await posted(ann, slug, 'a rude clip');
    const comment = await ann.client.post<CommentResponse>(`/api/media/${item.id}/comments`, { content: 'rude words' });
    for (const [type, id] of [
      ['media', item.id],
      ['comment', comment.body.comment.id],
    ] as const) {
      const res = await outsider.client.post('/api/reports', { target_type: type, target_id: id, reason: 'harassment', details: 'mean' });
      expect(res.status, res.text).toBe(201);
    }
    const told = await mod.client.get<NotificationsResponse>('/api/notifications');
    const reports = told.body.notifications.filter((n) => n.type === 'community_report');
    expect(reports.map((n) => n.data.message)).toEqual([
      `A comment by ${nameOf(ann)} was reported: Harassment or bullying`,
      `A post by ${nameOf(ann)} was reported: Harassment or bullying`,
    ]);
    expect(reports[0]!.data).toMatchObject({ community_slug: slug, media_id: item.id });
    expect(JSON.stringify(reports)).not.toContain(nameOf(outsider));
    // The reported person hears nothing of it.
    const theirs = await ann.client.get<NotificationsResponse>('/api/notifications');
    expect(theirs.body.notifications.filter((n) => n.type === 'community_report')).toEqual([]);

    const open = await owner.client.get<CommunityReportsResponse>(`/api/communities/${slug}/reports`);
    expect(open.body.reports.map((r) => [r.target_type, r.excerpt, r.post_id])).toEqual([
      ['comment', 'rude words', item.id],
      ['media', 'a rude clip', item.id],
    ]);
    expect(JSON.stringify(open.body)).not.toContain(nameOf(outsider));
    expectError(await ann.client.get(`/api/communities/${slug}/reports`), 403);
    expectError(await outsider.client.get(`/api/communities/${slug}/reports?cursor=%%%`), 400);
    const tooFar = Buffer.from(JSON.stringify([10_000_000_000])).toString('base64url');
    expectError(await owner.client.get(`/api/communities/${slug}/reports?cursor=${tooFar}`), 400, 'cursor is not valid');

    expect((await mod.client.delete(`/api/media/${item.id}/comments/${comment.body.comment.id}`)).status).toBe(200);
    const left = await owner.client.get<CommunityReportsResponse>(`/api/communities/${slug}/reports`);
    expect(left.body.reports.map((r) => r.target_type)).toEqual(['media']);
    const closed = await sql<{ resolution: string }>(
      app.database,
      "select resolution from reports where target_type = 'comment' and target_id = $1",
      [comment.body.comment.id],
    );
    expect(closed).toEqual([{ resolution: 'remove_content' }]);
  });

  it('keep a moderator’s own reported content out of their Reports tab', async () => {
    const { owner, mod, outsider, slug } = await crew();
    const theirs = await posted(mod, slug, 'the moderator’s clip');
    expect((await outsider.client.post('/api/reports', { target_type: 'media', target_id: theirs.id, reason: 'spam' })).status).toBe(201);
    const seen = async (who: SignedUp) =>
      (await who.client.get<CommunityReportsResponse>(`/api/communities/${slug}/reports`)).body.reports.map((r) => r.target_id);
    expect(await seen(owner)).toEqual([theirs.id]);
    expect(await seen(mod)).toEqual([]);
  });

  it('leave reports on content outside communities to the site’s moderators alone', async () => {
    const { mod, ann, outsider } = await crew();
    const res = await uploadMedia(ann, mediaForm(await fixture('avatar-400.png'), 'avatar-400.png'));
    expect(
      (await outsider.client.post('/api/reports', { target_type: 'media', target_id: res.body.media.id, reason: 'spam' })).status,
    ).toBe(201);
    const told = await mod.client.get<NotificationsResponse>('/api/notifications');
    expect(told.body.notifications.filter((n) => n.type === 'community_report')).toEqual([]);
  });
});
