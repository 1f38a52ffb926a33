/**
 * NOTE: hiding a 1-on-1 from one participant (ADR 022). `hidden_through_message_id` holds the room's last message
 * id when it was left: the chats list skips the room while no newer message exists, so the next message brings
 * it back by itself. Starting the 1-on-1 again clears the mark at once. Hiding also reads the room: nothing in
 * it is unread afterwards. Rows of other participants are never touched.
 */
import { and, eq, sql } from 'drizzle-orm';
import { chatParticipants } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';

const mine = (roomId: number, userId: number) => and(eq(chatParticipants.roomId, roomId), eq(chatParticipants.userId, userId));

export async function hideDirect(exec: Executor, roomId: number, userId: number, lastMessageId: number): Promise<void> {
  await exec
    .update(chatParticipants)
    .set({
      hiddenThroughMessageId: lastMessageId,
      lastReadMessageId: sql`greatest(${chatParticipants.lastReadMessageId}, ${lastMessageId})`,
    })
    .where(mine(roomId, userId));
}

export async function unhideDirect(exec: Executor, roomId: number, userId: number): Promise<void> {
  await exec.update(chatParticipants).set({ hiddenThroughMessageId: null }).where(mine(roomId, userId));
}
