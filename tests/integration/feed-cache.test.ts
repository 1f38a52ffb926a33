/**
 * The feed's first page from memory (ADR 037) never outlives a change: two nodes on one database, each with the
 * page cached (read twice by every viewer), see every like, post, deletion, comment, block, rename, new picture and
 * account deletion at once on the node that made it and within moments on the other. Each answer also equals what
 * the database answers for the same posts (a `cursor` page never comes from the cache).
 */
import { describe, expect, it } from 'vitest';
import type { MediaItem, MediaListResponse } from '../../src/shared/api-types.ts';
import { MAX_INT_ID } from '../../src/shared/schemas/fields.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { ApiClient } from './support/http-client.ts';
import { fixture, post } from './support/media.ts';
import { imageForm } from './support/pictures.ts';
import type { TestServer } from './support/server.ts';
import { block, idOf, sql, unblock } from './support/social.ts';
import { useTwoNodes } from './support/two-nodes.ts';

const site = useTwoNodes();

/** The same person (cookies) talking to `node`. */
function on(node: TestServer, who: SignedUp): ApiClient {
  const copy = new ApiClient(node.origin);
  for (const [name, value] of who.client.cookies) copy.cookies.set(name, value);
  return copy;
}

/** The first page; unless `compare` is off, also checked against the same page read from the database. */
async function firstPage(client: ApiClient, compare = true): Promise<MediaListResponse> {
  const res = await client.get<MediaListResponse>('/api/media/feed');
  expect(res.status, res.text).toBe(200);
  if (compare) {
    // A cursor past every id is the first page, never served from memory.
    const fresh = await client.get<MediaListResponse>(`/api/media/feed?cursor=${MAX_INT_ID}`);
    expect(res.body).toEqual(fresh.body);
  }
  return res.body;
}

/** Reads the page twice on each client, so both nodes hold the page and these viewers in memory. */
async function warm(...clients: ApiClient[]): Promise<void> {
  for (const client of clients) for (let i = 0; i < 2; i++) await firstPage(client);
}

const find = (page: MediaListResponse, id: number): MediaItem | undefined => page.media.find((m) => m.id === id);

/**
 * How long another node may take to show a change: a moment, which a loaded host stretches. What it caches lives
 * minutes (viewers 5, the head until the next 10-minute URL step), so showing it within this means it was heard.
 */
const SOON_MS = 5_000;

/**
 * The first page `client` gets once `ok` holds, asked again for at most SOON_MS: another node hears a change when
 * its event loop reads the announcement, a moment after the node that made it answered. Fails if it never holds.
 */
async function soon(client: ApiClient, ok: (page: MediaListResponse) => boolean): Promise<MediaListResponse> {
  const until = Date.now() + SOON_MS;
  for (;;) {
    // Not compared while it may still be stale: once it holds, this node has heard the change.
    const page = await firstPage(client, false);
    if (ok(page)) return firstPage(client);
    if (Date.now() > until) throw new Error(`feed still stale after ${SOON_MS} ms: ${JSON.stringify(page.media.slice(0, 3))}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('feed cache', () => {
  it('a like and an unlike show at once on the liking node and soon on the other, with each viewer’s own flag', async () => {
    const [author, fan, other] = [await signUp(site.a.origin), await signUp(site.a.origin), await signUp(site.a.origin)];
    const item = await post(author);
    const fanOnB = on(site.b, fan);
    await warm(fan.client, fanOnB, other.client, on(site.b, other));

    expect((await fanOnB.post(`/api/media/${item.id}/like`)).status).toBe(200);
    expect(find(await firstPage(fanOnB), item.id)).toMatchObject({ likes: 1, liked: true });
    expect(find(await soon(fan.client, (p) => find(p, item.id)?.liked === true), item.id)).toMatchObject({ likes: 1 });
    expect(find(await soon(other.client, (p) => find(p, item.id)?.likes === 1), item.id)).toMatchObject({ liked: false });

    expect((await fan.client.delete(`/api/media/${item.id}/dislike`)).status).toBe(200);
    expect(find(await firstPage(fan.client), item.id)).toMatchObject({ likes: 0, liked: false });
    expect(find(await soon(fanOnB, (p) => find(p, item.id)?.liked === false), item.id)).toMatchObject({ likes: 0 });
  });

  it('a new post and a deletion show at once on the posting node and soon on the other', async () => {
    const [author, viewer] = [await signUp(site.a.origin), await signUp(site.a.origin)];
    const viewerOnB = on(site.b, viewer);
    await warm(author.client, viewer.client, viewerOnB);

    const item = await post(author);
    expect((await firstPage(author.client)).media[0]?.id).toBe(item.id);
    expect((await firstPage(viewer.client)).media[0]?.id).toBe(item.id);
    await soon(viewerOnB, (p) => p.media[0]?.id === item.id);

    expect((await author.client.delete(`/api/media/${item.id}`)).status).toBe(200);
    expect(find(await firstPage(viewer.client), item.id)).toBeUndefined();
    await soon(viewerOnB, (p) => find(p, item.id) === undefined);
  });

  it('a comment and its deletion show in the preview and the count at once', async () => {
    const [author, commenter] = [await signUp(site.a.origin), await signUp(site.a.origin)];
    const item = await post(author);
    const authorOnB = on(site.b, author);
    await warm(author.client, authorOnB, commenter.client);

    const added = await commenter.client.post<{ comment: { id: number } }>(`/api/media/${item.id}/comments`, { content: 'gg' });
    expect(added.status, added.text).toBe(201);
    expect(find(await firstPage(commenter.client), item.id)).toMatchObject({ comment_count: 1, comments: [{ content: 'gg' }] });
    await soon(authorOnB, (p) => find(p, item.id)?.comment_count === 1);

    expect((await author.client.delete(`/api/media/${item.id}/comments/${added.body.comment.id}`)).status).toBe(200);
    expect(find(await firstPage(author.client), item.id)).toMatchObject({ comment_count: 0, comments: [] });
    await soon(authorOnB, (p) => find(p, item.id)?.comment_count === 0);
  });

  it('a block hides the author’s posts and comments from both people at once, and lifting it shows them again', async () => {
    const [author, viewer, commenter] = [await signUp(site.a.origin), await signUp(site.a.origin), await signUp(site.a.origin)];
    const item = await post(author);
    const mine = await post(viewer);
    expect((await commenter.client.post(`/api/media/${mine.id}/comments`, { content: 'older' })).status).toBe(201);
    expect((await author.client.post(`/api/media/${mine.id}/comments`, { content: 'newest' })).status).toBe(201);
    const viewerOnB = on(site.b, viewer);
    const authorOnB = on(site.b, author);
    await warm(viewer.client, viewerOnB, author.client, authorOnB);

    await block(viewer, author);
    const page = await firstPage(viewer.client);
    expect(find(page, item.id)).toBeUndefined();
    // The newest comment by someone blocked gives way to the one before it.
    expect(find(page, mine.id)?.comments.map((c) => c.content)).toEqual(['older']);
    expect(find(await firstPage(author.client), mine.id)).toBeUndefined();
    await soon(viewerOnB, (p) => find(p, item.id) === undefined);
    await soon(authorOnB, (p) => find(p, mine.id) === undefined);

    await unblock(viewer, author);
    expect(find(await firstPage(viewer.client), item.id)).toBeDefined();
    await soon(authorOnB, (p) => find(p, mine.id) !== undefined);
  });

  it('a new profile picture and a rename show on the author’s cards', async () => {
    const [author, viewer] = [await signUp(site.a.origin), await signUp(site.a.origin)];
    const item = await post(author);
    const viewerOnB = on(site.b, viewer);
    await warm(viewer.client, viewerOnB);

    const picture = await author.client.upload('/api/profile/picture', imageForm(await fixture('avatar-400.png'), 'a.png', 'image/png'));
    expect(picture.status, picture.text).toBe(200);
    expect(find(await firstPage(author.client), item.id)?.user.has_picture).toBe(true);
    await soon(viewerOnB, (p) => find(p, item.id)?.user.has_picture === true);

    // Renamed by hand (no node answers it): every node drops the page when the database announces it.
    const renamed = `r${idOf(author)}x`;
    await sql(site.a.database, 'update users set username = $1 where id = $2', [renamed, idOf(author)]);
    await soon(viewer.client, (p) => find(p, item.id)?.user.username === renamed);
    await soon(viewerOnB, (p) => find(p, item.id)?.user.username === renamed);
  });

  it('a post tagged with a game shows its new name once a moderator renames the game', async () => {
    const [author, viewer] = [await signUp(site.a.origin), await signUp(site.a.origin)];
    const item = await post(author);
    const game = await sql<{ id: number }>(site.a.database, `select id from games where slug = 'minecraft'`);
    await sql(site.a.database, 'update media set game_id = $1 where id = $2', [game[0]!.id, item.id]);
    const viewerOnB = on(site.b, viewer);
    await warm(viewer.client, viewerOnB);
    expect(find(await firstPage(viewer.client), item.id)?.game).toEqual({ slug: 'minecraft', name: 'Minecraft' });

    // By hand, as a merge or rename reaches the games table: every node drops the page.
    await sql(site.a.database, `update games set name = 'Minecraft Classic', slug = 'minecraft-classic' where id = $1`, [game[0]!.id]);
    const renamed = { slug: 'minecraft-classic', name: 'Minecraft Classic' };
    await soon(viewer.client, (p) => find(p, item.id)?.game?.slug === renamed.slug);
    await soon(viewerOnB, (p) => find(p, item.id)?.game?.name === renamed.name);
  });

  it('a deleted account’s posts leave the feed at once', async () => {
    const [author, viewer] = [await signUp(site.a.origin), await signUp(site.a.origin)];
    const item = await post(author);
    const viewerOnB = on(site.b, viewer);
    await warm(viewer.client, viewerOnB);

    const res = await author.client.delete('/api/account', { password: author.registration.password });
    expect(res.status, res.text).toBe(200);
    expect(find(await firstPage(viewer.client), item.id)).toBeUndefined();
    await soon(viewerOnB, (p) => find(p, item.id) === undefined);
  });

  it('while a node cannot hear announcements it answers from the database', async () => {
    const [author, viewer] = [await signUp(site.a.origin), await signUp(site.a.origin)];
    const item = await post(author);
    await warm(viewer.client, on(site.b, viewer));
    await sql(
      site.a.database,
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'savepoint session listener'`,
    );
    // Both nodes have noticed their listener is gone (they reconnect a second later, and empty their caches then).
    const listening = () => [site.a, site.b].map((node) => node.server.sessionCache?.listening);
    await expect.poll(listening, { timeout: 10_000, interval: 10 }).toEqual([false, false]);
    await sql(site.a.database, 'update media set likes_count = 41 where id = $1', [item.id]);
    expect(find(await firstPage(viewer.client), item.id)?.likes).toBe(41);
    expect(find(await firstPage(on(site.b, viewer)), item.id)?.likes).toBe(41);
  });
});
