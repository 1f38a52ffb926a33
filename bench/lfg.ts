/**
 * NOTE: the looking-for-group section of `npm run bench` (BENCH_ONLY=lfg): the board's calls at 1k open posts for
 * the bench game against 100k (another game holds as many again, a tenth of them friends-only, a few hosts blocked
 * with the viewer or suspended), measured by one viewer: one connection, sequential, after a warm-up. Large over
 * small must stay within 2× (median); a slower row fails. Starts its own production server; rows go straight into
 * its embedded PostgreSQL (hosts `lhost_<n>` never sign in), grown TO each size so small then large works.
 */
import type pg from 'pg';
import type { LfgListResponse } from '../src/shared/lfg-types.ts';
import { startProductionServer } from '../tests/e2e/support/production-server.ts';
import { latency, serverDatabase, type Latency } from './media.ts';
import { call, ratioRows } from './small-vs-large.ts';
import { signedInCookie } from './throughput.ts';

const SIZES: Array<[string, number]> = [
  ['1k', 1_000],
  ['100k', 100_000],
];
const HOSTS = 5_000;
const PLATFORMS = ['playstation', 'xbox', 'steam', 'nintendo', 'mobile'];
const one = async (db: pg.Pool, sql: string, params: unknown[] = []) => Number((await db.query(sql, params)).rows[0]?.n ?? 0);

async function grow(db: pg.Pool, viewerId: number, gameIds: number[], perGame: number): Promise<void> {
  const hosts = await one(db, `select count(*)::int as n from users where username like 'lhost\\_%'`);
  if (hosts === 0) {
    await db.query(
      `insert into users (username, email, password_hash, birthday)
       select 'lhost_' || g, 'lhost_' || g || '@example.test', 'bench: no sign-in', '1990-01-01' from generate_series(1, $1::int) g`,
      [HOSTS],
    );
    await db.query(`update users set suspended_at = now() where username like 'lhost\\_%' and id % 97 = 0`);
    await db.query(
      `insert into blocks (blocker_id, blocked_id) select id, $1 from users where username like 'lhost\\_%' and id % 50 = 7 limit 20`,
      [viewerId],
    );
  }
  const first = await one(db, `select min(id) as n from users where username like 'lhost\\_%'`);
  for (const gameId of gameIds) {
    const have = await one(db, 'select count(*)::int as n from lfg_posts where game_id = $1', [gameId]);
    // Starting over the next two weeks, a tenth friends-only.
    await db.query(
      `insert into lfg_posts (host_id, game_id, platform, title, starts_at, ends_at, slots, tags, visibility)
       select $3::int + g % $4::int, $5, ($6::text[])[1 + g % 5], 'Bench session ' || g,
         now() + (g % 20000) * interval '1 minute', now() + (g % 20000) * interval '1 minute' + interval '2 hours',
         1 + g % 15, array['mic', 'casual'], case when g % 10 = 0 then 'friends' else 'public' end
       from generate_series($1::int, $2::int) g`,
      [have + 1, perGame, first, HOSTS, gameId, PLATFORMS],
    );
  }
  await db.query('vacuum analyze');
}

export async function measureLfg(logFile: string, logLevel: string): Promise<{ rows: string[][]; failures: string[] }> {
  const server = await startProductionServer({ logFile, logLevel });
  const db = serverDatabase(server.dataDir);
  const at: Record<string, Record<string, Latency>> = {};
  try {
    const { origin } = server;
    const cookie = await signedInCookie(origin);
    const viewerId = Number((await db.query('select max(id) as n from users')).rows[0].n);
    const games = await db.query<{ id: number; slug: string }>(
      `insert into games (slug, name, name_key) values ('bench-lfg', 'Bench LFG', 'bench lfg'), ('bench-lfg-other', 'Bench LFG Other', 'bench lfg other')
       returning id, slug`,
    );
    const [game] = games.rows;
    for (const [label, size] of SIZES) {
      await grow(
        db,
        viewerId,
        games.rows.map((g) => g.id),
        size,
      );
      let page = await call<LfgListResponse>(origin, cookie, `/api/lfg?game=${game!.slug}`);
      for (let i = 1; i < 5 && page.next_cursor; i++)
        page = await call<LfgListResponse>(origin, cookie, `/api/lfg?game=${game!.slug}&cursor=${page.next_cursor}`);
      console.error(`bench lfg ${label}: ${size} posts per game, page 5 cursor ${page.next_cursor}`);
      const base = `${origin}/api/lfg`;
      at[label] = {
        'by game, first page': await latency(`${base}?game=${game!.slug}`, cookie),
        'by game, page 5 (next_cursor followed)': await latency(`${base}?game=${game!.slug}&cursor=${page.next_cursor}`, cookie),
        'by game and platform': await latency(`${base}?game=${game!.slug}&platform=xbox`, cookie),
        'by game, starting later': await latency(`${base}?game=${game!.slug}&when=later`, cookie),
        'every game, first page': await latency(base, cookie),
      };
    }
  } finally {
    await db.end();
    await server.stop();
  }
  const [small, large] = SIZES.map(([label]) => at[label]!);
  return ratioRows(small!, large!, (kind) => `LFG list latency, ${kind}: 100k open posts a game vs 1k (median / p95)`);
}
