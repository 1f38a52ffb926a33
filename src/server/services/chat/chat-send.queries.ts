/**
 * NOTE: storing chat messages in ONE prepared statement (ADR 033), several sends at once (group commit, ADR 038).
 * For each send: its write limit (the sender's count, taken here instead of in a round trip and commit of its own),
 * the membership check, the block check of a 1-on-1, the insert (a repeated client_id of the sender inserts
 * nothing), the room's last_message_id, the sender's read mark, the sender's name and the audience. A single
 * statement is atomic on its own, so there is no BEGIN/COMMIT; the named statement is parsed and planned once per
 * connection of the `$generic` pool (ADR 041: planning it took more CPU than running it). Use one store per node
 * (`createMessageStore`): sends arriving together share a statement and its commit.
 * Callers read the answer in this order: `limitedUntil` → over the write limit (429, nothing stored); not a
 * member → 404; blocked either way in a 1-on-1 → 403; no `id` → the client_id was used before (look the first
 * message up); otherwise the message is stored and `audience` hears it (a channel's: its community's members,
 * never read per member here; ADR 049).
 * A write racing the room's deletion fails with a foreign-key violation, as an insert in a transaction would.
 */
import { COUNT_ON_CONFLICT } from '../../auth/rate-limiter.ts';
import type { Db } from '../../db/client.ts';
import { groupCommit, type Settled } from '../../db/group-commit.ts';
import { DEADLOCK_ATTEMPTS, isDeadlock, isForeignKeyViolation, pauseAfterDeadlock } from '../../db/transaction.ts';

// At most this many sends share one statement; at most this many statements are at PostgreSQL at once (two cores:
// one batch can be planned while another commits).
const SEND_BATCH_MAX = 64;
const SENDS_IN_FLIGHT = 2;
// When sends arrive less than this apart, a lone one waits up to this long for company: at a few hundred sends a
// second several then share a statement and its commit (~a third less CPU a message), for ~10 ms more delivery
// time; after a quiet spell a send waits only for the next turn of the event loop.
const SEND_GATHER_MS = 16;

export type NewMessage = {
  roomId: number;
  senderId: number;
  messageType: 'text' | 'image';
  content: string;
  clientId: string | null;
  imageKey: string | null;
  thumbKey: string | null;
  /** The sender's write limit, counted by this statement (null: counted before, as for image sends). */
  limit: { key: string; max: number; windowEndsAt: Date } | null;
};

export type SendOutcome = {
  /** Set when this send was over its write limit (so not stored): when the limit's window ends. */
  limitedUntil: Date | null;
  member: boolean;
  blocked: boolean;
  /** Null when nothing was inserted (not a member, blocked, or the client_id was used before). */
  id: number | null;
  createdAt: Date | null;
  senderName: string | null;
  /** Who hears it: the participants, or for a channel (`community` set) nobody by id: its community's members. */
  audience: number[];
  community: number | null;
};

// One statement for a whole batch: each row of the arrays is one send, checked and answered on its own, in array
// order. Ids are drawn in that order before the insert, so the answer maps back to each send and a sender's sends
// keep their order; a client_id repeated within the batch inserts its first row only (`do nothing` sees the rows
// this statement already inserted). The read mark and last_message_id only move forward: two batches touching one
// room may commit in either order.
const SEND_SQL = `
with input as (
  select t.*, r.is_group, r.community_id,
    case when r.community_id is null then p.user_id is not null else cm.user_id is not null end as member
  from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[],
    $10::timestamptz[])
    with ordinality as t(room_id, sender_id, message_type, content, client_id, image_key, thumb_key, limit_key, limit_max,
      limit_ends, ord)
  left join chat_rooms r on r.id = t.room_id
  left join chat_participants p on p.room_id = t.room_id and p.user_id = t.sender_id
  left join community_members cm on cm.community_id = r.community_id and cm.user_id = t.sender_id
),
wanted as (
  select limit_key as key, count(*)::int as n, min(limit_ends) as ends from input where limit_key is not null group by limit_key
),
counted as (
  insert into rate_limits as l (key, count, window_ends_at)
  select key, n, ends from wanted order by key
  ${COUNT_ON_CONFLICT}
  returning key, count, window_ends_at
),
checked as (
  select i.*, i.member and not i.is_group and exists (
    select 1 from chat_participants o
    join blocks b on (b.blocker_id = i.sender_id and b.blocked_id = o.user_id)
      or (b.blocker_id = o.user_id and b.blocked_id = i.sender_id)
    where o.room_id = i.room_id and o.user_id <> i.sender_id
  ) as blocked,
  -- The count this send reached: its key's count after the statement, less the key's later sends in this batch.
  coalesce(k.count - w.n + row_number() over (partition by i.limit_key order by i.ord) > i.limit_max, false) as over_limit,
  k.window_ends_at as limit_until
  from input i left join wanted w on w.key = i.limit_key left join counted k on k.key = i.limit_key
),
numbered as (
  select c.*, case when c.member and not c.blocked and not c.over_limit then nextval(pg_get_serial_sequence('chat_messages', 'id')) end
    as new_id
  from (select * from checked order by ord) c
),
stored as (
  insert into chat_messages (id, room_id, sender_id, message_type, content, client_id, image_key, thumb_key)
  overriding system value
  select new_id, room_id, sender_id, message_type, content, client_id, image_key, thumb_key
  from numbered where new_id is not null order by ord
  on conflict (sender_id, client_id) do nothing
  returning id, created_at
),
per_room as (
  select n.room_id, max(s.id) as id from stored s join numbered n on n.new_id = s.id group by n.room_id
),
per_sender as (
  select n.room_id, n.sender_id, n.community_id is not null as channel, max(s.id) as id
  from stored s join numbered n on n.new_id = s.id
  group by n.room_id, n.sender_id, n.community_id
),
bumped as (
  update chat_rooms r set last_message_id = greatest(coalesce(r.last_message_id, 0), m.id)
  from per_room m where r.id = m.room_id
),
marked as (
  update chat_participants p set last_read_message_id = greatest(p.last_read_message_id, m.id)
  from per_sender m where p.room_id = m.room_id and p.user_id = m.sender_id and not m.channel
),
marked_in_channel as (
  insert into chat_participants as p (room_id, user_id, last_read_message_id)
  select room_id, sender_id, id from per_sender where channel order by room_id, sender_id
  on conflict (room_id, user_id) do update set last_read_message_id = greatest(p.last_read_message_id, excluded.last_read_message_id)
)
select case when n.over_limit then n.limit_until end as limited_until, n.member, coalesce(n.blocked, false) as blocked,
  s.id::text as id, s.created_at, n.community_id,
  (select u.username from users u where u.id = n.sender_id) as sender_name,
  case when s.id is null or n.community_id is not null then '{}'::int[]
    else (select array_agg(a.user_id) from chat_participants a where a.room_id = n.room_id) end as audience
from numbered n left join stored s on s.id = n.new_id
order by n.ord`;

type Row = {
  limited_until: Date | null;
  member: boolean;
  blocked: boolean;
  id: string | null;
  created_at: Date | null;
  sender_name: string | null;
  audience: number[];
  community_id: number | null;
};

const outcome = (row: Row): SendOutcome => ({
  limitedUntil: row.limited_until,
  member: row.member,
  blocked: row.blocked,
  id: row.id === null ? null : Number(row.id),
  createdAt: row.created_at,
  senderName: row.sender_name,
  audience: row.audience,
  community: row.community_id,
});

/** Runs the send statement for these sends (again when PostgreSQL breaks a deadlock by aborting it). */
async function storeBatch(db: Db, batch: NewMessage[]): Promise<SendOutcome[]> {
  const column = <K extends keyof NewMessage>(k: K) => batch.map((m) => m[k]);
  const values = [
    column('roomId'),
    column('senderId'),
    column('messageType'),
    column('content'),
    column('clientId'),
    column('imageKey'),
    column('thumbKey'),
    batch.map((m) => m.limit?.key ?? null),
    batch.map((m) => m.limit?.max ?? null),
    batch.map((m) => m.limit?.windowEndsAt ?? null),
  ];
  for (let attempt = 1; ; attempt++) {
    try {
      const { rows } = await db.$generic.query<Row>({ name: 'chat_send_batch', text: SEND_SQL, values });
      return rows.map(outcome);
    } catch (err) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(err)) throw err;
      await pauseAfterDeadlock(attempt);
    }
  }
}

/** Stores a batch; when it fails as a whole (a room or sender deleted meanwhile), each send is tried alone. */
async function storeSettled(db: Db, batch: NewMessage[]): Promise<Settled<SendOutcome>[]> {
  try {
    return (await storeBatch(db, batch)).map((value) => ({ status: 'fulfilled', value }));
  } catch (err) {
    if (batch.length === 1 || !isForeignKeyViolation(err)) throw err;
    return Promise.allSettled(batch.map(async (m) => (await storeBatch(db, [m]))[0]!));
  }
}

/**
 * The send of one node: sends arriving together are stored by one statement (group commit). Each is answered only
 * once that statement committed, exactly as alone.
 */
export function createMessageStore(db: Db): (m: NewMessage) => Promise<SendOutcome> {
  return groupCommit((batch: NewMessage[]) => storeSettled(db, batch), {
    maxBatch: SEND_BATCH_MAX,
    maxInFlight: SENDS_IN_FLIGHT,
    gatherMs: SEND_GATHER_MS,
  });
}
