/**
 * NOTE: a reader's own row of a room: their read mark and mute. In a 1-on-1 or group the row is their membership
 * and is only ever updated here (writing one would let a person removed meanwhile back in). In a channel (ADR 049)
 * the row is written the first time they read or mute it, while they are a member: it is only a mark, and grants
 * nothing. Answers undefined when there was nothing to write (not, or no longer, in the room).
 * Read marks only move forward. Callers checked the reader with `membershipOf` first.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ChannelCommunity } from '../../../shared/chat-types.ts';
import { chatParticipants, type ChatRoomRow } from '../../db/schema/index.ts';
import { communityById } from '../communities/communities.queries.ts';
import { isForeignKeyViolation, type Executor } from '../../db/transaction.ts';

type Mine = { lastReadMessageId: number } | { muted: boolean };

export async function setMine(exec: Executor, room: ChatRoomRow, userId: number, change: Mine): Promise<{ muted: boolean } | undefined> {
  const set =
    'lastReadMessageId' in change
      ? { lastReadMessageId: sql`greatest(${chatParticipants.lastReadMessageId}, ${change.lastReadMessageId})` }
      : { muted: change.muted };
  if (room.communityId === null) {
    const [row] = await exec
      .update(chatParticipants)
      .set(set)
      .where(and(eq(chatParticipants.roomId, room.id), eq(chatParticipants.userId, userId)))
      .returning({ muted: chatParticipants.muted });
    return row;
  }
  // Written only while they are still a member (a leave committing meanwhile wins: the lock waits for it, then
  // finds no row), and a channel removed meanwhile is simply not found.
  const muted = 'muted' in change ? change.muted : false;
  const read = 'lastReadMessageId' in change ? change.lastReadMessageId : 0;
  const update =
    'muted' in change
      ? sql`muted = excluded.muted`
      : sql`last_read_message_id = greatest(p.last_read_message_id, excluded.last_read_message_id)`;
  try {
    const { rows } = await exec.execute<{ muted: boolean }>(sql`
      insert into chat_participants as p (room_id, user_id, muted, last_read_message_id)
      select ${room.id}, ${userId}, ${muted}, ${read}
      where exists (select 1 from community_members m where m.community_id = ${room.communityId} and m.user_id = ${userId} for key share)
      on conflict (room_id, user_id) do update set ${update}
      returning muted`);
    return rows[0];
  } catch (err) {
    if (isForeignKeyViolation(err)) return undefined;
    throw err;
  }
}

/** The community a channel belongs to, as chat answers name it. */
export async function channelCommunity(exec: Executor, communityId: number): Promise<ChannelCommunity | null> {
  const row = await communityById(exec, communityId);
  return row ? { slug: row.slug, name: row.name } : null;
}
