/**
 * Moderators fix the catalogue: PATCH /api/moderation/games/{slug} renames (the old slug keeps answering),
 * POST /api/moderation/games/{slug}/merge folds a duplicate into another game (players deduplicated, posts and old
 * slugs moved), each with an audit entry. Members get 404 like every moderation call. An upload tagging a game
 * that is merged away meanwhile is tagged with the game it went into.
 */
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaListResponse, UploadResponse } from '../../src/shared/api-types.ts';
import type { GameDetailResponse, GameModerationResponse, GamePlayersResponse, ProfileGamesResponse } from '../../src/shared/game-types.ts';
import type { AuditLogResponse } from '../../src/shared/moderation-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { newGame, plays, uploadTagged } from './support/games.ts';
import { fixture } from './support/media.ts';
import { makeRole } from './support/moderation.ts';
import { useTestServer } from './support/server.ts';
import { idOf, sql } from './support/social.ts';

const app = useTestServer();

let moderator: SignedUp;
let admin: SignedUp;
let member: SignedUp;
beforeAll(async () => {
  [moderator, admin, member] = await Promise.all([signUp(app.origin), signUp(app.origin), signUp(app.origin)]);
  await makeRole(app, moderator, 'moderator');
  await makeRole(app, admin, 'admin');
});

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const rename = (who: SignedUp, slug: string, name: unknown) =>
  who.client.patch<GameModerationResponse>(`/api/moderation/games/${slug}`, { name });
const merge = (who: SignedUp, slug: string, into: unknown) =>
  who.client.post<GameModerationResponse>(`/api/moderation/games/${slug}/merge`, { into });
const detail = (who: SignedUp, slug: string) => who.client.get<GameDetailResponse>(`/api/games/${slug}`);
const auditDetails = async () => (await admin.client.get<AuditLogResponse>('/api/moderation/audit?limit=50')).body.entries;

describe('renaming a game', () => {
  it('renames it, keeps the old slug as an alias and writes an audit entry about no person', async () => {
    const game = await newGame(app, { name: `Rocket Leage ${unique()}` });
    const name = game.name.replace('Leage', 'League');
    const res = await rename(moderator, game.slug, name);
    expect(res.status, res.text).toBe(200);
    expect(res.body.game.name).toBe(name);
    expect(res.body.game.slug).not.toBe(game.slug);
    const viaOld = await detail(member, game.slug);
    expect(viaOld.status).toBe(200);
    expect(viaOld.body.game).toMatchObject({ slug: res.body.game.slug, name });
    expect((await detail(member, res.body.game.slug)).body.game.name).toBe(name);
    const entry = (await auditDetails()).find((e) => e.action === 'rename_game' && e.detail.includes(game.slug));
    expect(entry).toMatchObject({ actor: { user_id: idOf(moderator) }, target_user: null });
    expect(entry!.detail).toContain(res.body.game.slug);
  });

  it('keeps the slug when only the case changes, and takes an old slug back when renamed back', async () => {
    const game = await newGame(app, { name: `Hades ${unique()}` });
    const upper = await rename(admin, game.slug, game.name.toUpperCase());
    expect(upper.body.game).toEqual(expect.objectContaining({ slug: game.slug, name: game.name.toUpperCase() }));
    const away = await rename(admin, game.slug, `${game.name} Two`);
    expect(away.status, away.text).toBe(200);
    const back = await rename(admin, away.body.game.slug, game.name);
    expect(back.body.game.slug).toBe(game.slug);
    expect((await detail(member, away.body.game.slug)).body.game.slug).toBe(game.slug);
  });

  it("refuses another game's name (409, any case or spacing), bad names (400) and unknown slugs (404)", async () => {
    const [one, two] = [await newGame(app), await newGame(app)];
    expectError(await rename(moderator, one.slug, `  ${two.name.toUpperCase()} `), 409, /already called/);
    expect((await detail(member, one.slug)).body.game.name).toBe(one.name);
    expectError(await rename(moderator, one.slug, ''), 400, /name/i);
    expectError(await rename(moderator, one.slug, '!!!'), 400, /letter or digit/);
    expectError(await rename(moderator, one.slug, 'x'.repeat(81)), 400, /at most 80/);
    expectError(await rename(moderator, 'no-such-game-here', 'Fine Name'), 404, 'Game not found');
    expectError(await rename(moderator, 'NOT A SLUG', 'Fine Name'), 404, 'Game not found');
  });
});

describe('merging a duplicate', () => {
  it('moves players (keeping the target row of someone who plays both), posts and aliases, then deletes it', async () => {
    const [ann, ben, cat] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    const target = await newGame(app, { name: `Minecraft ${unique()}` });
    const dupe = await newGame(app, { name: `Mine craft ${unique()}` });
    // An older duplicate already merged into `dupe`: its slug must follow to the target.
    const older = await newGame(app, { name: `Minecraftt ${unique()}` });
    expect((await merge(moderator, older.slug, dupe.slug)).status).toBe(200);
    await plays(app, ann, dupe, 'xbox');
    await plays(app, ben, dupe, 'mobile');
    await plays(app, ben, target, 'steam');
    await plays(app, cat, target, 'nintendo');
    const tagged = ((await uploadTagged(ann, dupe.slug)).body as UploadResponse).media;

    const res = await merge(moderator, dupe.slug, target.slug);
    expect(res.status, res.text).toBe(200);
    expect(res.body.game.slug).toBe(target.slug);

    const rows = await sql<{ user_id: number; game_id: number; platform: string }>(
      app.database,
      'select user_id, game_id, platform from user_games where user_id = any($1) order by user_id',
      [[idOf(ann), idOf(ben), idOf(cat)]],
    );
    expect(rows).toEqual([
      { user_id: idOf(ann), game_id: target.id, platform: 'xbox' },
      { user_id: idOf(ben), game_id: target.id, platform: 'steam' },
      { user_id: idOf(cat), game_id: target.id, platform: 'nintendo' },
    ]);
    expect(await sql(app.database, 'select 1 from games where id = $1', [dupe.id])).toEqual([]);
    for (const slug of [dupe.slug, older.slug]) expect((await detail(member, slug)).body.game.slug).toBe(target.slug);
    expect((await detail(member, target.slug)).body.game.players).toBe(3);
    const players = await member.client.get<GamePlayersResponse>(`/api/games/${dupe.slug}/players`);
    expect(players.body.players.map((p) => p.user_id).sort()).toEqual([idOf(ann), idOf(ben), idOf(cat)].sort());
    const posts = await member.client.get<MediaListResponse>(`/api/games/${target.slug}/media`);
    expect(posts.body.media.map((m) => [m.id, m.game])).toEqual([[tagged.id, { slug: target.slug, name: target.name }]]);
    const entry = (await auditDetails()).find((e) => e.action === 'merge_game' && e.detail.includes(dupe.slug));
    expect(entry).toMatchObject({ actor: { user_id: idOf(moderator) }, target_user: null });
    expect(entry!.detail).toContain(target.slug);
  });

  it('refuses merging into itself (400, old slugs too), unknown games (404) and a bad target (400)', async () => {
    const game = await newGame(app);
    const renamed = await rename(moderator, game.slug, `Renamed ${unique()}`);
    expectError(await merge(moderator, game.slug, game.slug), 400, 'A game cannot be merged into itself');
    expectError(await merge(moderator, game.slug, renamed.body.game.slug), 400, 'A game cannot be merged into itself');
    expectError(await merge(moderator, 'no-such-game-here', game.slug), 404, 'Game not found');
    expectError(await merge(moderator, renamed.body.game.slug, 'no-such-target'), 404, 'Target game not found');
    expectError(await merge(moderator, renamed.body.game.slug, 'Not A Slug'), 400, /Target game/);
    expectError(await merge(moderator, renamed.body.game.slug, undefined), 400, 'Target game must be text');
    expect((await detail(member, renamed.body.game.slug)).status).toBe(200);
  });
});

describe('who may fix the catalogue', () => {
  it('answers 404 "Not found" to members and 401 to the signed-out, changing nothing', async () => {
    const [game, other] = [await newGame(app), await newGame(app)];
    expectError(await rename(member, game.slug, 'Taken Over'), 404, 'Not found');
    expectError(await rename(member, 'no-such-game', ''), 404, 'Not found');
    expectError(await merge(member, game.slug, other.slug), 404, 'Not found');
    const visitor = await app.visitor();
    expectError(await visitor.patch(`/api/moderation/games/${game.slug}`, { name: 'x y' }), 401);
    expectError(await visitor.post(`/api/moderation/games/${game.slug}/merge`, { into: other.slug }), 401);
    expectError(await moderator.client.patch(`/api/moderation/games/${game.slug}`, { name: 'No Token' }, { csrf: false }), 403);
    expect((await detail(member, game.slug)).body.game.name).toBe(game.name);
    expect((await detail(member, other.slug)).status).toBe(200);
  });
});

describe('titles without Latin letters', () => {
  it("a renamed one leaves its 'game' slug behind without taking the next such title for itself", async () => {
    const n = [...unique()].map((c) => String.fromCharCode(0x430 + Number(c))).join('');
    const first = await member.client.post<{ game: { slug: string } }>('/api/games', { name: `Ведьмак ${n}` });
    expect(first.status, first.text).toBe(201);
    const renamed = await rename(moderator, first.body.game.slug, `The Witcher ${unique()}`);
    expect(renamed.status, renamed.text).toBe(200);
    const next = await member.client.post<{ game: { name: string }; created: boolean }>('/api/games', { name: `Готика ${n}` });
    expect(next.status, next.text).toBe(201);
    expect(next.body).toMatchObject({ created: true, game: { name: `Готика ${n}` } });
  });
});

describe('an upload racing a merge', () => {
  it('tags the post with the game its slug went into when the game is merged away before the row is written', async () => {
    const ann = await signUp(app.origin);
    const [dupe, target] = [await newGame(app), await newGame(app)];
    const upload = app.server.services.uploads.begin(idOf(ann));
    const file = await upload.receive(Readable.from(await fixture('avatar-400.png')), 'png');
    // The route resolved the slug when the upload began; the merge lands while the photo is processed.
    expect((await merge(moderator, dupe.slug, target.slug)).status).toBe(200);
    const item = await upload.finish(file, 'mid-merge', { game: { id: dupe.id, slug: dupe.slug }, communityId: null });
    expect(item.game).toEqual({ slug: target.slug, name: target.name });
  });
});

describe("'I play this' and a saved list racing a merge", () => {
  it('list the game the slug went into, never a 500 on the vanished row', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    const [dupe, target] = [await newGame(app), await newGame(app)];
    const merger = app.database.connect();
    await merger.connect();
    try {
      // A merge by hand: it locks the duplicate's row, both writes wait on it, then it goes and its slug answers the target.
      await merger.query('begin');
      await merger.query('select id from games where id = $1 for update', [dupe.id]);
      const play = ann.client.put<GameDetailResponse>(`/api/games/${dupe.slug}/play`, { platform: 'xbox' });
      const save = ben.client.put<ProfileGamesResponse>('/api/profile/games', { games: [{ slug: dupe.slug, platform: 'steam' }] });
      const waiting = async () =>
        (
          await merger.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          )
        ).rows[0].n as number;
      for (let i = 0; i < 200 && (await waiting()) < 2; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await waiting()).toBe(2);
      await merger.query('insert into game_slug_aliases (slug, game_id) values ($1, $2)', [dupe.slug, target.id]);
      await merger.query('delete from games where id = $1', [dupe.id]);
      await merger.query('commit');
      const [played, saved] = [await play, await save];
      expect(played.status, played.text).toBe(200);
      expect(played.body.game).toMatchObject({ slug: target.slug, my_platform: 'xbox' });
      expect(saved.status, saved.text).toBe(200);
      expect(Object.keys(saved.body.games)).toEqual([target.slug]);
    } finally {
      await merger.end();
    }
  });
});
