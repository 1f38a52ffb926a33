/**
 * NOTE: grows a community population straight in the server's embedded PostgreSQL, for the communities bench: the
 * bench community's members (`cmember_<n>`, no password: they never sign in; every 97th suspended, a few blocked
 * with the viewer), its posts (copies of one real uploaded photo, by its members), and other communities for
 * discovery (made-up names, member counts set directly, no member rows), the viewer in some of them. Every call
 * grows the tables TO the given size, so small then large works. Member ids are contiguous (one insert per stage).
 */
import type pg from 'pg';

export type CommunitiesSize = { members: number; posts: number; communities: number };

const WORDS = ['Night', 'Raid', 'Crew', 'Guild', 'Squad', 'Clan', 'Arena', 'Pixel', 'Storm', 'Legends', 'Rift', 'Drift'];
const one = async (db: pg.Pool, sql: string, params: unknown[] = []) => Number((await db.query(sql, params)).rows[0]?.n ?? 0);

export async function growCommunity(
  db: pg.Pool,
  viewerId: number,
  communityId: number,
  templateId: number,
  size: CommunitiesSize,
): Promise<void> {
  const haveMembers = await one(db, `select count(*)::int as n from users where username like 'cmember\\_%'`);
  const from = (await one(db, 'select max(id) as n from users')) + 1;
  await db.query(
    `insert into users (username, email, password_hash, birthday)
     select 'cmember_' || g, 'cmember_' || g || '@example.test', 'bench: no sign-in', '1990-01-01' from generate_series($1::int, $2::int) g`,
    [haveMembers + 1, size.members],
  );
  const to = await one(db, 'select max(id) as n from users');
  const first = await one(db, `select min(id) as n from users where username like 'cmember\\_%'`);
  // Joined over the last year, a moderator in every 500.
  await db.query(
    `insert into community_members (community_id, user_id, role, joined_at)
     select $1, u.id, case when u.id % 500 = 0 then 'moderator' else 'member' end, now() - (u.id % 365) * interval '1 day'
     from users u where u.id between $2 and $3 on conflict do nothing`,
    [communityId, from, to],
  );
  await db.query(`update users set suspended_at = now() where id between $1 and $2 and id % 97 = 0`, [from, to]);
  await db.query(
    `insert into blocks (blocker_id, blocked_id) select u.id, $1 from users u where u.id between $2 and $3 and u.id % 50 = 7 limit 5 on conflict do nothing`,
    [viewerId, from, to],
  );

  const havePosts = await one(db, 'select count(*)::int as n from media where community_id = $1', [communityId]);
  await db.query(
    `insert into media (user_id, media_type, caption, file_key, file_mime, file_bytes, thumb_key, width, height, likes_count, comments_count, community_id)
     select ($3::int + (g::bigint * 7919) % ($4::int - $3::int + 1))::int, media_type, 'bench community post ' || g, file_key, file_mime,
       file_bytes, thumb_key, width, height, g % 7, 0, $5
     from media, generate_series($1::int, $2::int) g where media.id = $6`,
    [havePosts + 1, size.posts, first, to, communityId, templateId],
  );

  const haveCommunities = await one(db, 'select count(*)::int as n from communities');
  await db.query(
    `insert into communities (slug, name, description, visibility, owner_id, member_count, active_at)
     select 'bench-' || g, a || ' ' || b || ' ' || g, 'A bench community', case when g % 5 = 0 then 'request' else 'public' end,
       $3::int, 1 + (power(random(), 4) * 50000)::int, now() - (g % 30) * interval '1 day'
     from (select g, ($4::text[])[1 + g % 12] as a, ($4::text[])[1 + (g / 12) % 12] as b from generate_series($1::int, $2::int) g) s
     on conflict do nothing`,
    [haveCommunities + 1, size.communities, viewerId, WORDS],
  );
  // The viewer is in one community in a hundred (their 'Your communities' and 'My communities').
  await db.query(
    `insert into community_members (community_id, user_id, role) select id, $1, 'member' from communities
     where slug like 'bench-%' and id % 100 = 0 on conflict do nothing`,
    [viewerId],
  );
  // Vacuumed too, not only analysed: an autovacuum of a million fresh rows must not run during the measurements.
  await db.query('vacuum analyze');
}
