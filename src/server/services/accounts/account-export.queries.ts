/**
 * NOTE: the SQL of the data export (account-export.service.ts): everything one person made or chose, read on
 * the pool (no transaction: an export is a snapshot of moments, like any page). Raw rows may carry times as
 * text: callers read them through `new Date()`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { GamePlatform } from '../../../shared/game-values.ts';
import type { Db } from '../../db/client.ts';

const rows = async <R>(db: Db, query: SQL) => (await db.execute<R & Record<string, unknown>>(query)).rows as R[];

export type ExportProfileRow = {
  id: number;
  username: string;
  email: string;
  birthday: string;
  created_at: Date | string;
  bio: string | null;
  discord_username: string | null;
  psn_username: string | null;
  xbox_gamertag: string | null;
  steam_username: string | null;
  nintendo_friend_code: string | null;
  handle_visibility: Record<string, string> | null;
  links: Record<string, string> | null;
};

export async function profileRow(db: Db, userId: number): Promise<ExportProfileRow | null> {
  const [row] = await rows<ExportProfileRow>(
    db,
    sql`select u.id, u.username, u.email, u.birthday::text as birthday, u.created_at, p.bio, p.discord_username,
      p.psn_username, p.xbox_gamertag, p.steam_username, p.nintendo_friend_code, p.handle_visibility, p.links
    from users u left join profiles p on p.user_id = u.id where u.id = ${userId}`,
  );
  return row ?? null;
}

export async function pictureOf(db: Db, userId: number): Promise<Buffer | null> {
  const [row] = await rows<{ image: Buffer }>(db, sql`select image from profile_pictures where user_id = ${userId}`);
  return row?.image ?? null;
}

type PersonRow = { username: string; since: Date | string };

/** Friends, requests both ways, follows both ways and blocks: usernames with when the link began. */
export async function peopleOf(db: Db, userId: number) {
  const list = (query: SQL) => rows<PersonRow>(db, query);
  const [friends, sent, received, followers, following, blocked] = await Promise.all([
    list(sql`select u.username, coalesce(f.responded_at, f.created_at) as since from friendships f
      join users u on u.id = case when f.requester_id = ${userId} then f.addressee_id else f.requester_id end
      where f.status = 'accepted' and (f.requester_id = ${userId} or f.addressee_id = ${userId}) order by lower(u.username)`),
    list(sql`select u.username, f.created_at as since from friendships f join users u on u.id = f.addressee_id
      where f.status = 'pending' and f.requester_id = ${userId} order by f.id`),
    list(sql`select u.username, f.created_at as since from friendships f join users u on u.id = f.requester_id
      where f.status = 'pending' and f.addressee_id = ${userId} order by f.id`),
    list(sql`select u.username, f.created_at as since from follows f join users u on u.id = f.follower_id
      where f.followee_id = ${userId} order by lower(u.username)`),
    list(sql`select u.username, f.created_at as since from follows f join users u on u.id = f.followee_id
      where f.follower_id = ${userId} order by lower(u.username)`),
    list(sql`select u.username, b.created_at as since from blocks b join users u on u.id = b.blocked_id
      where b.blocker_id = ${userId} order by lower(u.username)`),
  ]);
  return { friends, sent, received, followers, following, blocked };
}

export type ExportGameRow = { slug: string; name: string; platform: GamePlatform; created_at: Date | string };

/** What they play (user_games), by name. */
export const gamesOf = (db: Db, userId: number) =>
  rows<ExportGameRow>(
    db,
    sql`select g.slug, g.name, ug.platform, ug.created_at from user_games ug join games g on g.id = ug.game_id
    where ug.user_id = ${userId} order by lower(g.name), g.id`,
  );

export type ExportPostRow = {
  id: number;
  media_type: 'image' | 'video';
  caption: string;
  created_at: Date | string;
  likes_count: number;
  comments_count: number;
  file_key: string;
  game_slug: string | null;
  game_name: string | null;
};

export const postsOf = (db: Db, userId: number) =>
  rows<ExportPostRow>(
    db,
    sql`select m.id, m.media_type, m.caption, m.created_at, m.likes_count, m.comments_count, m.file_key,
      g.slug as game_slug, g.name as game_name
    from media m left join games g on g.id = m.game_id where m.user_id = ${userId} order by m.id`,
  );

export const commentsOf = (db: Db, userId: number) =>
  rows<{ id: number; post_id: number; post_author: string; content: string; created_at: Date | string }>(
    db,
    sql`select c.id, c.media_id as post_id, u.username as post_author, c.content, c.created_at
    from media_comments c join media m on m.id = c.media_id join users u on u.id = m.user_id
    where c.user_id = ${userId} order by c.id`,
  );

export const likesOf = (db: Db, userId: number) =>
  rows<{ post_id: number; post_author: string; created_at: Date | string }>(
    db,
    sql`select l.media_id as post_id, u.username as post_author, l.created_at
    from media_likes l join media m on m.id = l.media_id join users u on u.id = m.user_id
    where l.user_id = ${userId} order by l.created_at, l.media_id`,
  );

export type ExportMessageRow = {
  /** A bigint, which a raw row carries as text (it may be past the integer range). */
  id: string;
  room_id: number;
  room_name: string | null;
  message_type: 'text' | 'image';
  content: string;
  created_at: Date | string;
  image_key: string | null;
};

/** Messages they sent, with the room's name as they saw it (a 1-on-1 is named after the other person). */
export const messagesOf = (db: Db, userId: number) =>
  rows<ExportMessageRow>(
    db,
    sql`select m.id, m.room_id, coalesce(r.name, (
        select u.username from chat_participants p join users u on u.id = p.user_id
        where p.room_id = r.id and p.user_id <> ${userId} limit 1)) as room_name,
      m.message_type, m.content, m.created_at, m.image_key
    from chat_messages m join chat_rooms r on r.id = m.room_id
    where m.sender_id = ${userId} order by m.id`,
  );

export type ExportGroupRow = {
  id: number;
  title: string;
  description: string;
  game_slug: string;
  game_name: string;
  platform: string;
  starts_at: Date | string;
  ends_at: Date | string;
  status: string;
  role: 'host' | 'requested' | 'accepted' | 'declined';
  message: string;
  created_at: Date | string;
};

/** Looking-for-group posts they host, and those they asked to join (with the host's answer). */
export const groupsOf = (db: Db, userId: number) =>
  rows<ExportGroupRow>(
    db,
    sql`select p.id, p.title, p.description, g.slug as game_slug, g.name as game_name, p.platform, p.starts_at, p.ends_at,
      p.status, 'host' as role, '' as message, p.created_at
    from lfg_posts p join games g on g.id = p.game_id where p.host_id = ${userId}
    union all
    select p.id, p.title, p.description, g.slug, g.name, p.platform, p.starts_at, p.ends_at, p.status, m.state, m.message, m.created_at
    from lfg_members m join lfg_posts p on p.id = m.post_id join games g on g.id = p.game_id where m.user_id = ${userId}
    order by 7, 1`,
  );
