/**
 * NOTE: storing a chat message in ONE prepared statement (ADR 033): the membership check, the block check of a
 * 1-on-1, the insert (a repeated client_id of the sender inserts nothing), the room's last_message_id, the
 * sender's read mark, the sender's name and the audience. A single statement is atomic on its own, so there is no
 * BEGIN/COMMIT, and the named statement is parsed and planned once per pooled connection.
 * Callers read the answer in this order: not a member → 404; blocked either way in a 1-on-1 → 403; no `id` → the
 * client_id was used before (look the first message up); otherwise the message is stored and `audience` hears it.
 * A write racing the room's deletion fails with a foreign-key violation, as an insert in a transaction would.
 */
import type { Db } from '../db/client.ts';
import { DEADLOCK_ATTEMPTS, isDeadlock, pauseAfterDeadlock } from '../db/transaction.ts';

export type NewMessage = {
  roomId: number;
  senderId: number;
  messageType: 'text' | 'image';
  content: string;
  clientId: string | null;
  imageKey: string | null;
  thumbKey: string | null;
};

export type SendOutcome = {
  member: boolean;
  blocked: boolean;
  /** Null when nothing was inserted (not a member, blocked, or the client_id was used before). */
  id: number | null;
  createdAt: Date | null;
  senderName: string | null;
  audience: number[];
};

// The read mark and last_message_id only move forward: two sends to one room may commit in either order.
const SEND_SQL = `
with member as (
  select r.is_group from chat_participants p join chat_rooms r on r.id = p.room_id
  where p.room_id = $1 and p.user_id = $2
),
blocked as (
  select 1 from member m
  join chat_participants o on o.room_id = $1 and o.user_id <> $2
  join blocks b on (b.blocker_id = $2 and b.blocked_id = o.user_id) or (b.blocker_id = o.user_id and b.blocked_id = $2)
  where not m.is_group
),
stored as (
  insert into chat_messages (room_id, sender_id, message_type, content, client_id, image_key, thumb_key)
  select $1, $2, $3, $4, $5, $6, $7
  where exists (select 1 from member) and not exists (select 1 from blocked)
  on conflict (sender_id, client_id) do nothing
  returning id, created_at
),
bumped as (
  update chat_rooms r set last_message_id = greatest(coalesce(r.last_message_id, 0), s.id)
  from stored s where r.id = $1
),
marked as (
  update chat_participants p set last_read_message_id = greatest(p.last_read_message_id, s.id)
  from stored s where p.room_id = $1 and p.user_id = $2
)
select exists (select 1 from member) as member, exists (select 1 from blocked) as blocked,
  s.id::text as id, s.created_at,
  (select u.username from users u where u.id = $2) as sender_name,
  case when s.id is null then '{}'::int[] else (select array_agg(a.user_id) from chat_participants a where a.room_id = $1) end
    as audience
from (select 1) one left join stored s on true`;

type Row = {
  member: boolean;
  blocked: boolean;
  id: string | null;
  created_at: Date | null;
  sender_name: string | null;
  audience: number[];
};

/** Runs the send statement (again when PostgreSQL breaks a deadlock by aborting it). */
export async function storeMessage(db: Db, m: NewMessage): Promise<SendOutcome> {
  const values = [m.roomId, m.senderId, m.messageType, m.content, m.clientId, m.imageKey, m.thumbKey];
  for (let attempt = 1; ; attempt++) {
    try {
      const { rows } = await db.$client.query<Row>({ name: 'chat_send', text: SEND_SQL, values });
      const row = rows[0]!;
      return {
        member: row.member,
        blocked: row.blocked,
        id: row.id === null ? null : Number(row.id),
        createdAt: row.created_at,
        senderName: row.sender_name,
        audience: row.audience,
      };
    } catch (err) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(err)) throw err;
      await pauseAfterDeadlock(attempt);
    }
  }
}
