import { describe, expect, it } from 'vitest';
import type { MediaItem, MediaListResponse, UploadResponse } from '../../src/shared/api-types.ts';
import { signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { newGame, plays } from './support/games.ts';
import { mediaForm, fixture, post, uploadMedia } from './support/media.ts';
import { useTestServer } from './support/server.ts';
import { block } from './support/social.ts';

const app = useTestServer();
const ids = (res: { body: MediaListResponse }) => res.body.media.map((m) => m.id);

async function tagged(who: Awaited<ReturnType<typeof signUp>>, game: string) {
  const file = mediaForm(await fixture('avatar-400.png'), 'avatar-400.png', 'clip');
  const form = new FormData();
  form.append('caption', 'clip');
  form.append('game', game);
  form.append('file', file.get('file')!);
  return uploadMedia(who, form);
}

describe('posts tagged with a game', () => {
  it('upload accepts `game`, and the game page, ?game= and ?view=my-games list them newest first', async () => {
    const ann = await signUp(app.origin);
    const ben = await signUp(app.origin);
    const [apex, chess] = [await newGame(app, { name: `Apex ${Date.now()}` }), await newGame(app)];
    const one = await tagged(ann, apex.slug);
    expect(one.status, one.text).toBe(201);
    const first = (one.body as UploadResponse).media;
    expect(first.game).toEqual({ slug: apex.slug, name: apex.name });
    const plain = await post(ann);
    expect(plain.game).toBeNull();
    const second = (await tagged(ann, apex.slug)).body as UploadResponse;
    const other = (await tagged(ann, chess.slug)).body as UploadResponse;

    const page = await ben.client.get<MediaListResponse>(`/api/games/${apex.slug}/media?per_page=1`);
    expect(ids(page)).toEqual([second.media.id]);
    const next = await ben.client.get<MediaListResponse>(`/api/games/${apex.slug}/media?per_page=1&cursor=${page.body.next_cursor}`);
    expect(ids(next)).toEqual([first.id]);
    expect(ids(await ben.client.get(`/api/media/feed?game=${apex.slug}`))).toEqual([second.media.id, first.id]);
    expect((await ben.client.get<MediaItem>(`/api/media/${first.id}`)).body.game).toEqual({ slug: apex.slug, name: apex.name });

    const both = await ben.client.get(`/api/media/feed?game=${apex.slug}&view=my-games`);
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ error: 'Choose either game or view, not both' });
    expect(ids(await ben.client.get('/api/media/feed?view=my-games'))).toEqual([]);
    await plays(app, ben, chess);
    await plays(app, ben, apex);
    expect(ids(await ben.client.get('/api/media/feed?view=my-games'))).toEqual([other.media.id, second.media.id, first.id]);
    await block(ben, ann);
    expect(ids(await ben.client.get('/api/media/feed?view=my-games'))).toEqual([]);
    expect(ids(await ben.client.get(`/api/games/${apex.slug}/media`))).toEqual([]);
  });

  it('refuses unknown or hostile game values', async () => {
    const ann = await signUp(app.origin);
    expectError(await tagged(ann, 'no-such-game-at-all'), 400, 'Game not found (form field "game")');
    expectError(await tagged(ann, 'bad\u0000slug'), 400);
    expectError(await ann.client.get('/api/media/feed?game=no-such-game-at-all'), 404, 'Game not found');
    expectError(await ann.client.get('/api/media/feed?game=Not%20A%20Slug'), 400);
    expectError(await ann.client.get('/api/media/feed?view=everything'), 400);
    expectError(await ann.client.get('/api/games/no-such-game-at-all/media'), 404, 'Game not found');
  });
});
