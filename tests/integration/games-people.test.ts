import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/shared/api-types.ts';
import type { SuggestedPeopleResponse } from '../../src/shared/game-types.ts';
import { signUp } from './support/accounts.ts';
import { befriend } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { newGame, plays, suspend } from './support/games.ts';
import { useTestServer } from './support/server.ts';
import { block, nameOf } from './support/social.ts';

const app = useTestServer();

describe('finding players', () => {
  it('search by game and platform (text may be empty), never blocked or suspended people', async () => {
    const me = await signUp(app.origin);
    const game = await newGame(app);
    const [xbox, steam, blocked, gone] = await Promise.all(Array.from({ length: 4 }, () => signUp(app.origin)));
    await plays(app, xbox!, game, 'xbox');
    await plays(app, steam!, game, 'steam');
    await plays(app, blocked!, game, 'xbox');
    await plays(app, gone!, game, 'xbox');
    await block(blocked!, me);
    await suspend(app, gone!);
    const names = async (q: string) =>
      (await me.client.get<SearchResponse>(`/api/profile/search?${q}`)).body.users.map((u) => u.username).sort();
    expect(await names(`game=${game.slug}`)).toEqual([nameOf(xbox!), nameOf(steam!)].sort());
    expect(await names(`game=${game.slug}&platform=xbox`)).toEqual([nameOf(xbox!)]);
    expect(await names(`query=${nameOf(steam!)}&game=${game.slug}`)).toEqual([nameOf(steam!)]);
    expectError(await me.client.get('/api/profile/search?game=no-such-game-at-all'), 404, 'Game not found');
    expectError(await me.client.get('/api/profile/search?platform=amiga'), 400);
    expectError(await me.client.get('/api/profile/search?query='), 400, 'Search query is required');
  });

  it('suggests people sharing games, then genres, then mutual friends; not friends, blocked or suspended', async () => {
    const me = await signUp(app.origin);
    const [a, b] = [await newGame(app, { genres: ['rpg'] }), await newGame(app, { genres: ['rpg'] })];
    const other = await newGame(app, { genres: ['rpg', 'horror'] });
    const [two, one, genre, friend, blocked, gone] = await Promise.all(Array.from({ length: 6 }, () => signUp(app.origin)));
    await plays(app, me, a);
    await plays(app, me, b);
    for (const g of [a, b]) await plays(app, two!, g);
    for (const who of [one!, friend!, blocked!, gone!]) await plays(app, who, a);
    await plays(app, genre!, other);
    await befriend(me, friend!);
    await block(me, blocked!);
    await suspend(app, gone!);
    const res = await me.client.get<SuggestedPeopleResponse>('/api/people/suggested');
    expect(res.status).toBe(200);
    const mine = res.body.people.filter((p) => [two, one, genre].some((w) => nameOf(w!) === p.username));
    expect(res.body.people.map((p) => p.username)).toEqual(mine.map((p) => p.username));
    expect(mine.map((p) => p.username)).toEqual([nameOf(two!), nameOf(one!), nameOf(genre!)]);
    expect(mine[0]).toMatchObject({
      shared_games: [a, b].map((g) => ({ slug: g.slug, name: g.name })).sort((x, y) => x.name.localeCompare(y.name)),
      shared_genres: ['rpg'],
    });
    expect(mine[2]).toMatchObject({ shared_games: [], shared_genres: ['rpg'], mutual_friends: 0 });
  });

  it('says whether the caller has added games, so an empty list can say why', async () => {
    const [fresh, lonely] = [await signUp(app.origin), await signUp(app.origin)];
    await plays(app, lonely, await newGame(app, { genres: [] }));
    expect((await fresh.client.get<SuggestedPeopleResponse>('/api/people/suggested')).body).toEqual({ people: [], has_games: false });
    expect((await lonely.client.get<SuggestedPeopleResponse>('/api/people/suggested')).body).toEqual({ people: [], has_games: true });
  });
});

describe('/api/openapi.json', () => {
  it('documents every games call, and the filters and fields games added to older calls', async () => {
    type Doc = { paths: Record<string, Record<string, { summary: string; parameters?: Array<{ name: string }> }>> };
    const { paths } = (await app.client().get<Doc>('/api/openapi.json')).body;
    const methods = (p: string) => Object.keys(paths[p] ?? {}).sort();
    expect(methods('/games')).toEqual(['get', 'post']);
    expect(methods('/games/{slug}')).toEqual(['get']);
    expect(methods('/games/{slug}/players')).toEqual(['get']);
    expect(methods('/games/{slug}/media')).toEqual(['get']);
    expect(methods('/games/{slug}/play')).toEqual(['delete', 'put']);
    expect(methods('/profile/games')).toEqual(['put']);
    expect(methods('/people/suggested')).toEqual(['get']);
    expect(methods('/moderation/games/{slug}')).toEqual(['patch']);
    expect(methods('/moderation/games/{slug}/merge')).toEqual(['post']);
    expect(paths['/profile/search']?.get?.parameters?.map((p) => p.name)).toEqual(['query', 'game', 'platform']);
    expect(paths['/media/feed']?.get?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['game', 'view']));
    expect(paths['/media/upload']?.post?.summary).toContain('"game"');
  });
});
