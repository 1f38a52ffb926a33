/**
 * What the database announces on the feed's channel (migrations 0009 and 0012), heard by a LISTEN of our own: a
 * like or a comment names its post ('p:<id>'), so nodes keep their cached head unless that post is in it; a post
 * made or deleted, or a statement that changes several posts, still drops every head ('f').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { FEED_CHANNEL } from '../../src/server/services/media/feed-cache.service.ts';
import { signUp } from './support/accounts.ts';
import { post } from './support/media.ts';
import { useTestServer } from './support/server.ts';
import { sql } from './support/social.ts';

const app = useTestServer();
let listener: pg.Client;
const heard: string[] = [];

beforeAll(async () => {
  listener = app.database.connect();
  await listener.connect();
  listener.on('notification', (n) => heard.push(n.payload ?? ''));
  await listener.query(`LISTEN ${FEED_CHANNEL}`);
});
afterAll(async () => listener?.end());

/** What was announced while `act` ran (committed announcements arrive after the commit; the sentinel marks the end). */
async function announced(act: () => Promise<unknown>): Promise<string[]> {
  heard.length = 0;
  await act();
  await sql(app.database, `select pg_notify('${FEED_CHANNEL}', 'end')`);
  await expect.poll(() => heard.includes('end')).toBe(true);
  return heard.filter((payload) => payload !== 'end');
}

describe('feed announcements', () => {
  it('name the post a like, an unlike, a comment and its deletion touched', async () => {
    const ana = await signUp(app.origin);
    const photo = await post(ana);
    const me = ana.auth.user.user_id;
    expect(await announced(() => ana.client.post(`/api/media/${photo.id}/like`))).toEqual([`l:${me}`, `p:${photo.id}`]);
    expect(await announced(() => ana.client.delete(`/api/media/${photo.id}/dislike`))).toEqual([`l:${me}`, `p:${photo.id}`]);
    let commentId = 0;
    expect(
      await announced(async () => {
        const res = await ana.client.post<{ comment: { id: number } }>(`/api/media/${photo.id}/comments`, { content: 'gg' });
        commentId = res.body.comment.id;
      }).then((heard) => heard.sort()),
    ).toEqual([`c:${photo.id}:${commentId}:${me}`, `p:${photo.id}`]);
    const deleted = await announced(() => ana.client.delete(`/api/media/${photo.id}/comments/${commentId}`));
    expect(deleted.sort()).toEqual([`d:${photo.id}:${commentId}:${me}`, `p:${photo.id}`]);
  });

  it('name a new post with its author, game and community, and the two people of a follow or friendship change (ADR 045)', async () => {
    const [dia, eli] = [await signUp(app.origin), await signUp(app.origin)];
    const [d, e] = [dia.auth.user.user_id, eli.auth.user.user_id];
    let made = 0;
    const onPost = await announced(async () => (made = (await post(dia)).id));
    // No game, no community: both parts empty.
    expect(onPost).toContain(`n:${made}:${d}::`);
    expect(await announced(() => dia.client.post(`/api/profile/@${eli.registration.username}/follow`))).toEqual([`r:${d}:${e}`]);
    const asked = await announced(() => dia.client.post('/api/friends/request', { username: eli.registration.username }));
    // The pending request itself changes no count ('q:'); the follow it makes already existed here.
    expect(asked).toEqual([`q:${d}:${e}`]);
  });

  it('name both posts when a comment is moved from one to the other by hand', async () => {
    const cleo = await signUp(app.origin);
    const [from, to] = [await post(cleo), await post(cleo)];
    const res = await cleo.client.post<{ comment: { id: number } }>(`/api/media/${from.id}/comments`, { content: 'wrong post' });
    const moved = await announced(() =>
      sql(app.database, 'update media_comments set media_id = $1 where id = $2', [to.id, res.body.comment.id]),
    );
    expect(moved.sort()).toEqual([`p:${from.id}`, `p:${to.id}`].sort());
  });

  it('drop every head for a post made or deleted, and for a statement that changes several posts', async () => {
    const ben = await signUp(app.origin);
    let made = 0;
    expect(await announced(async () => (made = (await post(ben)).id))).toContain('f');
    const other = await post(ben);
    expect(
      await announced(() => sql(app.database, 'update media set caption = $1 where id = any($2)', ['both', [made, other.id]])),
    ).toEqual(['f']);
    expect(await announced(() => ben.client.delete(`/api/media/${made}`))).toContain('f');
  });
});
