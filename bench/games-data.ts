/**
 * NOTE: grows a realistic games population straight in the server's embedded PostgreSQL, for the games bench:
 * members (`member_<n>`, no password: they never sign in), a catalogue of made-up titles, what each member plays
 * (a few games each, skewed so some titles are popular), posts (copies of one real uploaded photo, most tagged),
 * comments, friendships and follows among members, the viewer's own friends and follows, some suspended members
 * and a few blocks with the viewer. Every call grows the tables TO the given size, so small then large works.
 * Member ids are contiguous (one insert per stage), which the post and friendship rows rely on.
 */
import type pg from 'pg';
import { GAME_GENRES, GAME_PLATFORMS } from '../src/shared/game-values.ts';

export type GamesSize = {
  members: number;
  games: number;
  posts: number;
  /** Of every 10 new members, how many play the bench game (the others play other games only). */
  benchPlayersInTen: number;
  /** Of every 10 new posts, how many are tagged with the bench game; up to 7 in 10 carry some game. */
  benchPostsInTen: number;
  viewerFriends: number;
  viewerFollows: number;
};

const FIRST = [
  'Star',
  'Dark',
  'Super',
  'Mega',
  'Final',
  'Legend',
  'Space',
  'Dragon',
  'Shadow',
  'Battle',
  'Royal',
  'Iron',
  'Neon',
  'Pixel',
  'Crystal',
  'Storm',
];
const SECOND = [
  'Quest',
  'Racer',
  'Souls',
  'Kart',
  'Tactics',
  'Legends',
  'Arena',
  'Odyssey',
  'Frontier',
  'Party',
  'Siege',
  'Rift',
  'Hunter',
  'Drift',
  'Empire',
  'League',
];
const one = async (db: pg.Pool, sql: string, params: unknown[] = []) => Number((await db.query(sql, params)).rows[0]?.n ?? 0);
// A skewed pick from the catalogue: power(random(), 3) favours the first titles, as real play counts do.
const skewedGame = `ids[1 + floor(power(random(), 3) * cardinality(ids))::int]`;
const gameIds = `(select array_agg(id order by id) as ids from games)`;

export async function growGames(db: pg.Pool, viewerId: number, benchGameId: number, templateId: number, size: GamesSize): Promise<void> {
  const haveGames = await one(db, 'select count(*)::int as n from games');
  await db.query(
    `insert into games (slug, name, name_key, genres, platforms)
     select lower(a || '-' || b || '-' || g), a || ' ' || b || ' ' || g, lower(a || ' ' || b || ' ' || g),
       array[($3::text[])[1 + g % cardinality($3::text[])]], array[($4::text[])[1 + g % cardinality($4::text[])]]
     from (select g, ($5::text[])[1 + g % 16] as a, ($6::text[])[1 + (g / 16) % 16] as b from generate_series($1::int, $2::int) g) s
     on conflict do nothing`,
    [haveGames + 1, size.games, GAME_GENRES, GAME_PLATFORMS, FIRST, SECOND],
  );

  const haveMembers = await one(db, `select count(*)::int as n from users where username like 'member\\_%'`);
  const from = (await one(db, 'select max(id) as n from users')) + 1;
  await db.query(
    `insert into users (username, email, password_hash, birthday)
     select 'member_' || g, 'member_' || g || '@example.test', 'bench: no sign-in', '1990-01-01' from generate_series($1::int, $2::int) g`,
    [haveMembers + 1, size.members],
  );
  const to = await one(db, 'select max(id) as n from users');
  const members = await one(db, `select min(id) as n from users where username like 'member\\_%'`);
  const platform = `($1::text[])[1 + u.id % 5]`;
  await db.query(
    `insert into user_games (user_id, game_id, platform) select u.id, $2, ${platform} from users u
     where u.id between $3 and $4 and u.id % 10 < $5 on conflict do nothing`,
    [GAME_PLATFORMS, benchGameId, from, to, size.benchPlayersInTen],
  );
  await db.query(
    `insert into user_games (user_id, game_id, platform)
     select u.id, ${skewedGame}, ${platform} from users u, generate_series(1, 1 + u.id % 5) k, ${gameIds} c
     where u.id between $2 and $3 on conflict do nothing`,
    [GAME_PLATFORMS, from, to],
  );
  // Friendships and follows among the new members: about 2 and 3 each, with members near and far.
  await db.query(
    `insert into friendships (requester_id, addressee_id, status, responded_at)
     select u.id, f, 'accepted', now() from users u, generate_series(1, 2) k,
       lateral (select ($1::int + (u.id::bigint * 7919 + k * 104729) % ($2::int - $1::int + 1))::int as f) t
     where u.id between $3::int and $2::int and f <> u.id on conflict do nothing`,
    [members, to, from],
  );
  await db.query(
    `insert into follows (follower_id, followee_id)
     select u.id, f from users u, generate_series(1, 3) k,
       lateral (select ($1::int + (u.id::bigint * 15485863 + k * 32452843) % ($2::int - $1::int + 1))::int as f) t
     where u.id between $3::int and $2::int and f <> u.id on conflict do nothing`,
    [members, to, from],
  );
  await db.query(`update users set suspended_at = now() where id between $1 and $2 and id % 97 = 0`, [from, to]);

  // The viewer's circle grows with the site: random members (many of them play the bench game).
  const circle = async (table: string, insert: string, want: number, mine: string) => {
    const have = await one(db, `select count(*)::int as n from ${table} where ${mine}`, [viewerId]);
    if (want <= have) return;
    await db.query(
      `${insert} select $1, id from users where username like 'member\\_%' and suspended_at is null order by random() limit $2 on conflict do nothing`,
      [viewerId, want - have],
    );
  };
  await circle('friendships', `insert into friendships (requester_id, addressee_id)`, size.viewerFriends, 'requester_id = $1');
  await db.query(`update friendships set status = 'accepted', responded_at = now() where requester_id = $1`, [viewerId]);
  await circle('follows', `insert into follows (follower_id, followee_id)`, size.viewerFollows, 'follower_id = $1');
  await circle('blocks', `insert into blocks (blocker_id, blocked_id)`, 5, 'blocker_id = $1');
  await db.query(
    `insert into blocks (blocker_id, blocked_id) select u.id, $1 from users u where u.id between $2 and $3 and u.id % 50 = 7 limit 5 on conflict do nothing`,
    [viewerId, from, to],
  );

  const havePosts = await one(db, 'select count(*)::int as n from media');
  await db.query(
    `insert into media (user_id, media_type, caption, file_key, file_mime, file_bytes, thumb_key, width, height, likes_count, comments_count, game_id)
     select ($3::int + (g::bigint * 7919) % ($4::int - $3::int + 1))::int, media_type, 'bench post ' || g, file_key, file_mime, file_bytes, thumb_key, width, height, g % 7, 0,
       case when g % 10 < $5 then $6 when g % 10 < 7 then ${skewedGame} end
     from media, ${gameIds} c, generate_series($1::int, $2::int) g where media.id = $7`,
    [havePosts + 1, size.posts, members, to, size.benchPostsInTen, benchGameId, templateId],
  );
  await db.query(
    `insert into media_comments (media_id, user_id, content) select id, user_id, 'gg' from media where id % 10 = 0 and comments_count = 0`,
  );
  await db.query(`update media set comments_count = 1 where id % 10 = 0 and comments_count = 0`);
  await db.query('analyze');
}
