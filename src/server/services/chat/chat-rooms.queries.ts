/**
 * NOTE: the chats list in one query (spec §3 "Chat room (list)"): newest activity first; a 1-on-1 is named after
 * the other person; unread counts stop at UNREAD_COUNT_CAP (the badge shows rooms, the row at most that).
 * A 1-on-1 the person left is skipped until a message newer than the one it was hidden at (chat-hide.queries.ts).
 * The channels of every community the person is a member of are in it too (ADR 049), each with its community;
 * their read marks may not be written yet (then nothing before the person joined is unread).
 */
import { sql } from 'drizzle-orm';
import { DELETED_USER_NAME, type ChatRoomSummary } from '../../../shared/chat-types.ts';
import type { Db } from '../../db/client.ts';

const UNREAD_COUNT_CAP = 999;

type Row = {
  id: number;
  name: string | null;
  is_group: boolean;
  muted: boolean;
  unread_count: number;
  timestamp: Date | string;
  content: string | null;
  message_type: 'text' | 'image' | null;
  sender_name: string | null;
  community_slug: string | null;
  community_name: string | null;
};

/** Where a page ended: the last room's activity time (µs since 1970, exact) and id. */
export type RoomsCursor = { micros: string; id: number };
export const roomsCursorOf = (text: string): RoomsCursor => {
  const [micros = '0', id = '0'] = text.split('.');
  return { micros, id: Number(id) };
};

/** One page of the list, newest activity first; rooms that move while paging may show twice or on an earlier page. */
export async function listRooms(
  db: Db,
  userId: number,
  page: { limit: number; after?: RoomsCursor },
): Promise<{ rooms: ChatRoomSummary[]; next_cursor: string | null }> {
  const activity = sql`coalesce(m.created_at, r.created_at)`;
  const micros = sql`(extract(epoch from ${activity}) * 1000000)::bigint`;
  const after = page.after ? sql`and (${micros}, r.id) < (${page.after.micros}::bigint, ${page.after.id}::int)` : sql``;
  const result = await db.execute<Row & { micros: string }>(sql`
    with p as (
      select p.room_id, p.muted, p.last_read_message_id as read_mark, p.hidden_through_message_id
      from chat_participants p join chat_rooms r on r.id = p.room_id
      where p.user_id = ${userId} and r.community_id is null
      union all
      select r.id, coalesce(p.muted, false), greatest(coalesce(p.last_read_message_id, 0), cm.chat_read_floor), null
      from community_members cm
      join chat_rooms r on r.community_id = cm.community_id
      left join chat_participants p on p.room_id = r.id and p.user_id = cm.user_id
      where cm.user_id = ${userId}
    )
    select r.id, coalesce(r.name, other.username) as name, r.is_group, p.muted,
      (select count(*)::int from (
        select 1 from chat_messages x
        where x.room_id = r.id and x.id > p.read_mark and x.sender_id is distinct from ${userId}
        limit ${UNREAD_COUNT_CAP}) unread) as unread_count,
      coalesce(m.created_at, r.created_at) as timestamp,
      m.content, m.message_type, sender.username as sender_name, ${micros}::text as micros,
      c.slug as community_slug, c.name as community_name
    from p
    join chat_rooms r on r.id = p.room_id
    left join communities c on c.id = r.community_id
    left join chat_messages m on m.id = r.last_message_id
    left join users sender on sender.id = m.sender_id
    left join lateral (
      select u.username from chat_participants op join users u on u.id = op.user_id
      where op.room_id = r.id and op.user_id <> ${userId} limit 1
    ) other on not r.is_group
    where true ${after}
      and (p.hidden_through_message_id is null or coalesce(r.last_message_id, 0) > p.hidden_through_message_id)
    order by ${activity} desc, r.id desc
    limit ${page.limit + 1}`);
  const rows = result.rows.slice(0, page.limit);
  const last = rows.at(-1);
  const next_cursor = result.rows.length > page.limit && last ? `${last.micros}.${last.id}` : null;
  const rooms = rows.map((row) => ({
    id: row.id,
    name: row.name ?? DELETED_USER_NAME,
    is_group: row.is_group,
    muted: row.muted,
    unread_count: row.unread_count,
    timestamp: new Date(row.timestamp).toISOString(),
    lastMessage: row.message_type
      ? { content: row.content ?? '', message_type: row.message_type, sender_name: row.sender_name ?? DELETED_USER_NAME }
      : null,
    community: row.community_slug === null ? null : { slug: row.community_slug, name: row.community_name ?? '' },
  }));
  return { rooms, next_cursor };
}
