/**
 * NOTE: who a push goes to (ADR 053), read when the fan-out job runs, not when the thing happened: a notification
 * withdrawn, a post or message deleted, a block or a suspension since then all mean no push. Every query starts from
 * the few things pushed and reaches subscriptions by person (push_subscriptions_user_id_idx), never the other way.
 */
import { sql } from 'drizzle-orm';
import type { NotificationData } from '../../../shared/api-types.ts';
import { PUSH_PREFERENCE_DEFAULTS, type PushPreferences } from '../../../shared/push-values.ts';
import type { Db } from '../../db/client.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';

export type Target = { subscriptionId: number; userId: number };

/** `(1, 2, 3)` for an IN list (a JS array would be one parameter). */
const idList = (ids: number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

type NotificationRow = { id: number; user_id: number; type: string; data: NotificationData; subscription_id: number } & Record<
  `pref_${keyof PushPreferences}`,
  boolean | null
>;

/** Unviewed notifications whose actor is still active and not blocked either way, and what they are about still there. */
export async function notificationTargets(db: Db, ids: number[]) {
  const { rows } = await db.execute<NotificationRow>(sql`
    select n.id, n.user_id, n.type, n.data, s.id as subscription_id,
      p.messages as pref_messages, p.friend_requests as pref_friend_requests, p.comments as pref_comments,
      p.likes as pref_likes, p.lfg as pref_lfg, p.communities as pref_communities
    from notifications n
    join push_subscriptions s on s.user_id = n.user_id
    left join push_preferences p on p.user_id = n.user_id
    left join users a on a.id = n.actor_id
    where n.id in ${idList(ids)} and not n.viewed
      and (n.actor_id is null or (a.suspended_at is null and not ${eitherBlocked(sql`n.actor_id`, sql`n.user_id`)}))
      and (n.type not in ('like', 'comment') or exists (select 1 from media m where m.id = n.subject_id and m.status = 'ready'))
      and (n.type not like 'lfg\\_%' or exists (select 1 from lfg_posts l where l.id = (n.data ->> 'lfg_id')::int))
      and (n.type not like 'community\\_%' or exists (select 1 from communities c where c.slug = n.data ->> 'community_slug'))
    order by n.id`);
  return rows;
}

export type ChatSource = {
  id: number;
  room_id: number;
  sender_id: number;
  sender_name: string;
  message_type: 'text' | 'image';
  content: string;
  room_name: string | null;
  is_group: boolean;
  community_id: number | null;
  community_name: string | null;
};

/** The messages as pushed, those still there whose sender is still there and not suspended. */
export async function chatSources(db: Db, messageIds: number[]): Promise<ChatSource[]> {
  if (messageIds.length === 0) return [];
  const { rows } = await db.execute<ChatSource>(sql`
    select m.id, m.room_id, m.sender_id, u.username as sender_name, m.message_type, m.content,
      r.name as room_name, r.is_group, r.community_id, c.name as community_name
    from chat_messages m
    join users u on u.id = m.sender_id and u.suspended_at is null
    join chat_rooms r on r.id = m.room_id
    left join communities c on c.id = r.community_id
    where m.id in ${idList(messageIds)}`);
  return rows;
}

/**
 * Who hears a message by push: the room's participants (a channel's: its community's members) but the sender,
 * those who muted it, those who turned messages off and those blocked either way with the sender.
 */
export async function chatTargets(db: Db, m: ChatSource): Promise<Target[]> {
  const wanted = sql`coalesce(p.messages, ${PUSH_PREFERENCE_DEFAULTS.messages}) and not ${eitherBlocked(sql`s.user_id`, m.sender_id)}`;
  const { rows } = await db.execute<{ subscription_id: number; user_id: number }>(
    m.community_id === null
      ? sql`
        select s.id as subscription_id, s.user_id
        from chat_participants cp
        join push_subscriptions s on s.user_id = cp.user_id
        left join push_preferences p on p.user_id = cp.user_id
        where cp.room_id = ${m.room_id} and cp.user_id <> ${m.sender_id} and not cp.muted and ${wanted}`
      : sql`
        select s.id as subscription_id, s.user_id
        from community_members cm
        join push_subscriptions s on s.user_id = cm.user_id
        left join push_preferences p on p.user_id = cm.user_id
        where cm.community_id = ${m.community_id} and cm.user_id <> ${m.sender_id} and ${wanted}
          and not exists (select 1 from chat_participants cp where cp.room_id = ${m.room_id} and cp.user_id = cm.user_id and cp.muted)`,
  );
  return rows.map((r) => ({ subscriptionId: r.subscription_id, userId: r.user_id }));
}
