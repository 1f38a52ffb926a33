import { describe, expect, it } from 'vitest';
import type { OtherProfileResponse, OwnProfileResponse } from '../../src/shared/api-types.ts';
import type {
  GameDetailResponse,
  GamePlayersResponse,
  GameSearchResponse,
  NewGameResponse,
  ProfileGamesResponse,
} from '../../src/shared/game-types.ts';
import { PLAYERS_PAGE_SIZE, PROFILE_GAMES_MAX } from '../../src/shared/game-values.ts';
import { signUp } from './support/accounts.ts';
import { befriend } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { newGame, plays, suspend } from './support/games.ts';
import { useTestServer } from './support/server.ts';
import { block, idOf, nameOf, sql } from './support/social.ts';

const app = useTestServer();
const tag = () => Math.random().toString(36).slice(2, 8);

describe('the catalogue', () => {
  it('searches case-insensitively, prefix before word before substring matches', async () => {
    const ann = await signUp(app.origin);
    const t = tag();
    await newGame(app, { name: `Zed ${t}craft` });
    await newGame(app, { name: `Old ${t}` });
    await newGame(app, { name: `${t} Legends` });
    const res = await ann.client.get<GameSearchResponse>(`/api/games?query=${t.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.games.map((g) => g.name)).toEqual([`${t} Legends`, `Old ${t}`, `Zed ${t}craft`]);
    expect((await ann.client.get<GameSearchResponse>('/api/games')).body.games.length).toBeGreaterThan(0);
    expectError(await ann.client.get(`/api/games?query=a%00b`), 400);
    expectError(await ann.client.get(`/api/games?query=${'x'.repeat(81)}`), 400);
  });

  it('ranks the exact name, then prefixes, then words, then substrings, each most played first', async () => {
    const [ann, bob] = await Promise.all([signUp(app.origin), signUp(app.origin)]);
    const t = tag();
    const [, alpha, beta, word] = await Promise.all(
      [`Zed x${t}`, `${t} Alpha`, `${t} Beta`, `Old ${t}`, t].map((name) => newGame(app, { name })),
    );
    for (const who of [ann, bob]) await plays(app, who, beta!);
    await plays(app, ann, word!);
    await plays(app, ann, alpha!);
    const res = await ann.client.get<GameSearchResponse>(`/api/games?query=${t}`);
    expect(res.body.games.map((g) => g.name)).toEqual([t, `${t} Beta`, `${t} Alpha`, `Old ${t}`, `Zed x${t}`]);
    // Under three letters, prefixes only.
    const short = await ann.client.get<GameSearchResponse>(`/api/games?query=${t.slice(0, 2)}`);
    expect(short.body.games.every((g) => g.name.toLowerCase().startsWith(t.slice(0, 2)))).toBe(true);
  });

  it("adds a title once: 'Rocket league ' and 'Rocket League' are one game; slugs stay unique", async () => {
    const ann = await signUp(app.origin);
    const t = tag();
    const first = await ann.client.post<NewGameResponse>('/api/games', { name: `Rocket league ${t} `, genres: ['sports'] });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      created: true,
      game: { name: `Rocket league ${t}`, slug: `rocket-league-${t}`, genres: ['sports'] },
    });
    const again = await ann.client.post<NewGameResponse>('/api/games', { name: `  Rocket   League ${t.toUpperCase()}` });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, game: { slug: `rocket-league-${t}` } });
    const punct = await ann.client.post<NewGameResponse>('/api/games', { name: `Rocket League ${t}!` });
    expect(punct.status).toBe(201);
    expect(punct.body.game.slug).toBe(`rocket-league-${t}-2`);
    expectError(await ann.client.post('/api/games', { name: 'bad\u0000name' }), 400);
    expectError(await ann.client.post('/api/games', { name: '!!!' }), 400);
    // Invisible characters would make a second 'Rocket League' that looks like the first, or turn a name around.
    for (const hidden of ['\u200b', '\u202e', '\u00ad', '\u2060'])
      expectError(
        await ann.client.post('/api/games', { name: `Rocket${hidden} League ${t}` }),
        400,
        'Game name contains characters that are not allowed',
      );
    // A title without Latin letters or digits is a title all the same: its slug falls back to 'game', 'game-2'…
    const cyrillic = [...t].map((c) => String.fromCharCode(0x430 + (parseInt(c, 36) % 32))).join('');
    const jp = await ann.client.post<NewGameResponse>('/api/games', { name: `ポケモン ${cyrillic}` });
    const ru = await ann.client.post<NewGameResponse>('/api/games', { name: `Ведьмак ${cyrillic}` });
    expect([jp.status, ru.status], ru.text).toEqual([201, 201]);
    expect(jp.body.game.name).toBe(`ポケモン ${cyrillic}`);
    expect(jp.body.game.slug).toMatch(/^game(-\d+)?$/);
    expect(ru.body.game.slug).toMatch(/^game(-\d+)?$/);
    expect(ru.body.game.slug).not.toBe(jp.body.game.slug);
    expect((await ann.client.get<GameDetailResponse>(`/api/games/${ru.body.game.slug}`)).body.game.name).toBe(`Ведьмак ${cyrillic}`);
    expectError(await ann.client.post('/api/games', { name: 'x', genres: ['nope'] }), 400);
    expectError(await ann.client.post('/api/games', { name: `Csrf ${t}` }, { csrf: false }), 403);
    expectError(await ann.client.post('/api/games', { name: 'x'.repeat(70_000) }), 413);
  });
});

describe('a game page', () => {
  it('answers the game, 404 for unknown or impossible slugs', async () => {
    const ann = await signUp(app.origin);
    const game = await newGame(app, { genres: ['rpg'], platforms: ['xbox'] });
    const res = await ann.client.get<GameDetailResponse>(`/api/games/${game.slug}`);
    expect(res.body).toEqual({
      game: { slug: game.slug, name: game.name, genres: ['rpg'], platforms: ['xbox'], players: 0, my_platform: null },
    });
    expectError(await ann.client.get('/api/games/no-such-game-here'), 404, 'Game not found');
    expectError(await ann.client.get('/api/games/Bad%20Slug'), 404, 'Game not found');
    expectError(await ann.client.get(`/api/games/${'a'.repeat(200)}/players`), 404, 'Game not found');
  });

  it("toggles 'I play this' and refuses a 31st game with 409", async () => {
    const ann = await signUp(app.origin);
    const game = await newGame(app);
    const on = await ann.client.put<GameDetailResponse>(`/api/games/${game.slug}/play`, { platform: 'nintendo' });
    expect(on.body.game).toMatchObject({ players: 1, my_platform: 'nintendo' });
    expectError(await ann.client.put(`/api/games/${game.slug}/play`, { platform: 'amiga' }), 400);
    expectError(await ann.client.put(`/api/games/${game.slug}/play`, { platform: 'xbox' }, { csrf: false }), 403);
    const off = await ann.client.delete<GameDetailResponse>(`/api/games/${game.slug}/play`);
    expect(off.body.game).toMatchObject({ players: 0, my_platform: null });

    const many = await Promise.all(Array.from({ length: PROFILE_GAMES_MAX }, () => newGame(app)));
    for (const g of many) await plays(app, ann, g);
    expectError(await ann.client.put(`/api/games/${game.slug}/play`, { platform: 'xbox' }), 409, 'You can list at most 30 games');
    const change = await ann.client.put<GameDetailResponse>(`/api/games/${many[0]!.slug}/play`, { platform: 'xbox' });
    expect(change.body.game.my_platform).toBe('xbox');
  });

  it('lists players friends first, then followed, then others; never me, blocked or suspended people', async () => {
    const me = await signUp(app.origin);
    const game = await newGame(app);
    const [friend, followed, other, blocker, blockedByMe, suspended] = await Promise.all(
      Array.from({ length: 6 }, () => signUp(app.origin)),
    );
    await befriend(me, friend!);
    expect((await me.client.post(`/api/profile/@${nameOf(followed!)}/follow`)).status).toBe(200);
    await block(blocker!, me);
    await block(me, blockedByMe!);
    for (const who of [me, other!, followed!, friend!, blocker!, blockedByMe!, suspended!]) await plays(app, who, game, 'playstation');
    await suspend(app, suspended!);
    const res = await me.client.get<GamePlayersResponse>(`/api/games/${game.slug}/players`);
    expect(res.body.players.map((p) => [p.username, p.relation])).toEqual([
      [nameOf(friend!), 'friend'],
      [nameOf(followed!), 'following'],
      [nameOf(other!), 'other'],
    ]);
    expect(res.body.players[0]).toMatchObject({ platform: 'playstation', has_picture: false });
    expect(res.body.next_cursor).toBeNull();
    expect((await me.client.get<GameDetailResponse>(`/api/games/${game.slug}`)).body.game.players).toBe(4);
    expectError(await me.client.get(`/api/games/${game.slug}/players?cursor=junk`), 400);
    // A user id past the integer column's range is a bad cursor, not a database error.
    expectError(await me.client.get(`/api/games/${game.slug}/players?cursor=0.9999999999`), 400, 'cursor is not valid');
  });

  it('counts a player suspended before listing the game out, and back in once unsuspended', async () => {
    const [me, gone] = await Promise.all([signUp(app.origin), signUp(app.origin)]);
    const game = await newGame(app);
    await suspend(app, gone);
    await plays(app, gone, game);
    const count = async () => (await me.client.get<GameDetailResponse>(`/api/games/${game.slug}`)).body.game.players;
    expect(await count()).toBe(0);
    await sql(app.database, 'update users set suspended_at = null where id = $1', [idOf(gone)]);
    expect(await count()).toBe(1);
    const res = await me.client.get<GamePlayersResponse>(`/api/games/${game.slug}/players`);
    expect(res.body.players.map((p) => p.username)).toEqual([nameOf(gone)]);
  });

  it('pages players by cursor without repeats', async () => {
    const me = await signUp(app.origin);
    const game = await newGame(app);
    const people = await Promise.all(Array.from({ length: PLAYERS_PAGE_SIZE + 3 }, () => signUp(app.origin)));
    for (const who of people) await plays(app, who, game);
    await befriend(me, people.at(-1)!);
    const first = await me.client.get<GamePlayersResponse>(`/api/games/${game.slug}/players`);
    expect(first.body.players).toHaveLength(PLAYERS_PAGE_SIZE);
    expect(first.body.players[0]!.username).toBe(nameOf(people.at(-1)!));
    const second = await me.client.get<GamePlayersResponse>(`/api/games/${game.slug}/players?cursor=${first.body.next_cursor}`);
    expect(second.body.next_cursor).toBeNull();
    const all = [...first.body.players, ...second.body.players].map((p) => p.user_id);
    expect(new Set(all).size).toBe(people.length);
  });
});

describe('profile games', () => {
  it('replaces the list, fills GET /profile/ and marks shared games on another profile', async () => {
    const ann = await signUp(app.origin);
    const ben = await signUp(app.origin);
    const [a, b] = [await newGame(app, { name: `Alpha ${tag()}` }), await newGame(app, { name: `Beta ${tag()}` })];
    const saved = await ann.client.put<ProfileGamesResponse>('/api/profile/games', {
      games: [
        { slug: b.slug, platform: 'xbox' },
        { slug: a.slug, platform: 'steam' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(Object.keys(saved.body.games)).toEqual([a.slug, b.slug]);
    expect(saved.body.games[b.slug]).toEqual({ slug: b.slug, name: b.name, genres: ['action'], platform: 'xbox' });
    expect((await ann.client.get<OwnProfileResponse>('/api/profile/')).body.games).toEqual(saved.body.games);
    await plays(app, ben, a);
    const seen = await ben.client.get<OtherProfileResponse>(`/api/profile/@${nameOf(ann)}`);
    expect(seen.body.games[a.slug]!.shared).toBe(true);
    expect(seen.body.games[b.slug]!.shared).toBe(false);

    expectError(
      await ann.client.put('/api/profile/games', { games: [{ slug: 'never-a-game', platform: 'xbox' }] }),
      400,
      'Game not found: never-a-game',
    );
    const tooMany = Array.from({ length: 31 }, (_, i) => ({ slug: `g-${i}`, platform: 'xbox' }));
    expectError(await ann.client.put('/api/profile/games', { games: tooMany }), 400, 'You can list at most 30 games');
    expectError(
      await ann.client.put('/api/profile/games', {
        games: [
          { slug: a.slug, platform: 'xbox' },
          { slug: a.slug, platform: 'steam' },
        ],
      }),
      400,
    );
    expectError(await ann.client.put('/api/profile/games', { games: [] }, { csrf: false }), 403);
    expect((await ann.client.put<ProfileGamesResponse>('/api/profile/games', { games: [] })).body.games).toEqual({});
  });
});
