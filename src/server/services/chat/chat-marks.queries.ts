/**
 * NOTE: a reader's own row of a room: their read mark and mute. In a 1-on-1 or group the row is their membership
 * and is only ever updated here (writing one would let a person removed meanwhile back in). In a channel (ADR 049)
 * the row is written the first time they read or mute it: it is only a mark, and grants nothing.
 * Read marks only move forward. Callers checked the reader with `membershipOf` first.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ChannelCommunity } from '../../../shared/chat-types.ts';
import { chatParticipants, communities, type ChatRoomRow } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';

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
  const [row] = await exec
    .insert(chatParticipants)
    .values({ roomId: room.id, userId, ...('muted' in change ? { muted: change.muted } : { lastReadMessageId: change.lastReadMessageId }) })
    .onConflictDoUpdate({ target: [chatParticipants.roomId, chatParticipants.userId], set })
    .returning({ muted: chatParticipants.muted });
  return row;
}

/** The community a channel belongs to, as chat answers name it. */
export async function channelCommunity(exec: Executor, communityId: number): Promise<ChannelCommunity | null> {
  const [row] = await exec
    .select({ slug: communities.slug, name: communities.name })
    .from(communities)
    .where(eq(communities.id, communityId));
  return row ?? null;
}
