import { describe, expect, it } from 'vitest';
import type { GameDetailResponse, MostPlayedResponse, NewGameResponse } from '../../src/shared/game-types.ts';
import { MOST_PLAYED_PAGE_SIZE } from '../../src/shared/game-values.ts';
import { mostPlayedStatement, mostPlayedTiers } from '../../src/server/services/games/most-played.queries.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { newGame, plays, suspend } from './support/games.ts';
import { newVisitor } from './support/http-client.ts';
import { useTestServer } from './support/server.ts';
import { block, sql } from './support/social.ts';

// One database for this file alone: the ranking is global, so no other file's games move it.
const app = useTestServer();
const tag = () => Math.random().toString(36).slice(2, 8);

const mostPlayed = (who: SignedUp, cursor?: string | null) =>
  who.client.get<MostPlayedResponse>(`/api/games/most-played${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);

/** Every page in turn, checking each answers 200 and that no game comes twice. */
async function everyPage(who: SignedUp) {
  const games: MostPlayedResponse['games'] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await mostPlayed(who, cursor);
    expect(res.status, res.text).toBe(200);
    games.push(...res.body.games);
    cursor = res.body.next_cursor;
    pages += 1;
  } while (cursor !== null && pages < 50);
  expect(new Set(games.map((g) => g.slug)).size).toBe(games.length);
  return { games, pages };
}

describe('most played', () => {
  it('ranks games someone plays by players, then name, a page at a time; games nobody plays are left out', async () => {
    const ann = await signUp(app.origin);
    const t = tag();
    const unplayed = await newGame(app, { name: `Nobody ${t}` });
    // 25 games in pairs of equal counts (ties go by name); stored counts stand in for 2,500 players.
    const ranked = [];
    for (let i = 0; i < MOST_PLAYED_PAGE_SIZE + 5; i += 1) {
      const game = await newGame(app, { name: `Rank ${t} ${String(i).padStart(2, '0')}` });
      await sql(app.database, 'update games set players_count = $1 where id = $2', [200 - Math.floor(i / 2), game.id]);
      ranked.push({ slug: game.slug, players: 200 - Math.floor(i / 2) });
    }

    const first = await mostPlayed(ann);
    expect(first.body.games).toHaveLength(MOST_PLAYED_PAGE_SIZE);
    expect(first.body.games[0]).toEqual({
      slug: ranked[0]!.slug,
      name: `Rank ${t} 00`,
      genres: ['action'],
      platforms: ['steam'],
      players: 200,
    });
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const all = await everyPage(ann);
    expect(all.pages).toBe(2);
    expect(all.games.map((g) => ({ slug: g.slug, players: g.players }))).toEqual(ranked);
    expect(all.games.some((g) => g.slug === unplayed.slug)).toBe(false);

    // The game page one ended with loses players before "Show more": page two still starts where page one ended.
    const lastOfFirst = ranked[MOST_PLAYED_PAGE_SIZE - 1]!.slug;
    await sql(app.database, 'update games set players_count = 1 where slug = $1', [lastOfFirst]);
    const second = await mostPlayed(ann, first.body.next_cursor);
    expect(second.body.games.map((g) => g.slug).slice(0, 5)).toEqual(ranked.slice(MOST_PLAYED_PAGE_SIZE).map((g) => g.slug));

    expectError(await mostPlayed(ann, 'no-such-game-anywhere'), 400, 'cursor is not valid');
    expectError(await mostPlayed(ann, Buffer.from('[-1,"x"]').toString('base64url')), 400, 'cursor is not valid');
    expectError(await mostPlayed(ann, 'Not A Slug'), 400);
    expectError(await mostPlayed(ann, 'x'.repeat(500)), 400);
    expectError(await (await newVisitor(app.origin)).get('/api/games/most-played'), 401);
  });

  it('counts what the game page shows: never suspended players or anyone blocked either way', async () => {
    const [me, other, blocker, gone] = await Promise.all([signUp(app.origin), signUp(app.origin), signUp(app.origin), signUp(app.origin)]);
    const game = await newGame(app);
    const theirs = await newGame(app);
    for (const who of [me, other, blocker, gone]) await plays(app, who, game);
    await plays(app, blocker, theirs);
    await suspend(app, gone);
    await block(blocker, me);

    const mine = (await everyPage(me)).games;
    const detail = await me.client.get<GameDetailResponse>(`/api/games/${game.slug}`);
    expect(mine.find((g) => g.slug === game.slug)?.players).toBe(2);
    expect(detail.body.game.players).toBe(2);
    // A game whose only player is hidden from me is not shown to me, with '0 players' or otherwise.
    expect(mine.some((g) => g.slug === theirs.slug)).toBe(false);
    const seenByOther = (await everyPage(other)).games;
    expect(seenByOther.find((g) => g.slug === game.slug)?.players).toBe(3);
    expect(seenByOther.find((g) => g.slug === theirs.slug)?.players).toBe(1);
  });

  it("is no game's slug: a title 'Most Played' gets most-played-2, and the list keeps its address", async () => {
    const ann = await signUp(app.origin);
    const added = await ann.client.post<NewGameResponse>('/api/games', { name: 'Most Played' });
    expect(added.status, added.text).toBe(201);
    expect(added.body.game.slug).toBe('most-played-2');
    const detail = await ann.client.get<GameDetailResponse>('/api/games/most-played-2');
    expect(detail.body.game.name).toBe('Most Played');
    expect((await mostPlayed(ann)).body).toHaveProperty('next_cursor');
  });

  it('reads each tier through games_most_played_idx, never a sequential scan (20k games, analyzed)', async () => {
    await sql(
      app.database,
      `insert into games (slug, name, name_key, players_count)
       select 'plan-' || i, 'Plan ' || i, 'plan ' || i, (i * 7919) % 500 from generate_series(1, 20000) i`,
    );
    type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
    const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];
    const db = app.database.connect();
    await db.connect();
    try {
      await db.query('analyze games');
      for (const tier of [...mostPlayedTiers(undefined), ...mostPlayedTiers({ count: 250, name: 'Plan 5' })]) {
        const statement = mostPlayedStatement(app.server.database.db, 1, tier, MOST_PLAYED_PAGE_SIZE + 1).toSQL();
        const { rows } = await db.query(`explain (format json) ${statement.sql}`, statement.params);
        const plan = rows[0]['QUERY PLAN'][0].Plan as PlanNode;
        const onGames = flatten(plan).filter((n) => n['Relation Name'] === 'games');
        expect(
          onGames.map((n) => [n['Node Type'], n['Index Name']]),
          JSON.stringify(plan),
        ).toEqual([[expect.stringMatching(/^Index( Only)? Scan$/), 'games_most_played_idx']]);
      }
    } finally {
      await db.end();
    }
  });
});
