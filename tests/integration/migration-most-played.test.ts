/**
 * 'most-played' became the games index's address: a game (or an old alias) that had that slug before is moved
 * aside by migration 0014, proved on a database holding such a game before the migration ran.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cleanup, emptyDatabaseThrough, migrateAll } from './support/migrations.ts';

let client: pg.Client;
let gameId = 0;
let otherId = 0;

beforeAll(async () => {
  const url = await emptyDatabaseThrough('0013_live_announcements', 'mp');
  client = new pg.Client({ connectionString: url });
  await client.connect();
  const game = async (slug: string, name: string) =>
    (await client.query<{ id: number }>(`insert into games (slug, name, name_key) values ($1, $2, $3) returning id`, [slug, name, slug]))
      .rows[0]!.id;
  gameId = await game('most-played', 'Most Played');
  otherId = await game('a-game-before-0014', 'A game before 0014');
  await client.query(`insert into game_slug_aliases (slug, game_id) values ('an-old-slug-before-0014', $1)`, [otherId]);
  await client.query(`insert into game_slug_aliases (slug, game_id) values ('most-played', $1)`, [otherId]);
  await migrateAll(url);
});

afterAll(async () => {
  await client?.end();
  await cleanup();
});

test('a game named by the reserved slug gets one of its own; other games and aliases stay', async () => {
  const { rows } = await client.query<{ id: number; slug: string }>(`select id, slug from games where id = any($1) order by id`, [
    [gameId, otherId],
  ]);
  expect(rows).toEqual([
    { id: gameId, slug: `most-played-game-${gameId}` },
    { id: otherId, slug: 'a-game-before-0014' },
  ]);
  const aliases = await client.query<{ slug: string }>(`select slug from game_slug_aliases where game_id = $1`, [otherId]);
  expect(aliases.rows.map((r) => r.slug)).toEqual(['an-old-slug-before-0014']);
  expect((await client.query(`select 1 from games where slug = 'most-played'`)).rowCount).toBe(0);
});
