/**
 * NOTE: who is in a group (ADR 018). Any participant adds their own friends; only the owner removes others;
 * anyone leaves. When the owner leaves, the longest-standing participant becomes owner; when the last person
 * leaves, the room and its image files go. Each change locks the room, commits, then tells the right sockets:
 * `user_added_to_chat` to everyone now in it, `user_removed_from_chat` to everyone then in it, `left_chat` to
 * the leaver's other tabs and `user_left_chat` to those who stay. Nobody adds someone blocked either way with them
 * (403); people already sharing a group keep talking there after a block (ADR 021).
 * Leaving a 1-on-1 only hides it (see `hideDirect`): the other person keeps the room and its history.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { ChatPerson } from '../../../shared/chat-types.ts';
import { CHAT_GROUP_MAX_PEOPLE } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatParticipants, chatRooms } from '../../db/schema/index.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { requireInteraction } from '../social/blocks.service.ts';
import { FRIENDS_ONLY, friendsAmong, lockGroupOf, lockRoomOf, participantsOf } from './chat-access.service.ts';
import { hideDirect } from './chat-hide.queries.ts';
import { ServiceError, badRequest, conflict } from '../../errors.ts';
import type { EventBus } from '../event-bus.ts';
import type { Person } from '../profiles/people.queries.ts';

type Membership = { participants: ChatPerson[]; owner_id: number | null };
const ids = (people: ChatPerson[]) => people.map((p) => p.id);

export function createChatGroupsService(deps: { db: Db; bus: EventBus; storage: MediaStorage }) {
  const { db, bus, storage } = deps;

  async function imageKeysOf(tx: Tx, roomId: number): Promise<string[]> {
    const rows = await tx
      .select({ image: chatMessages.imageKey, thumb: chatMessages.thumbKey })
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, roomId), isNotNull(chatMessages.imageKey)));
    return rows.flatMap((r) => [r.image, r.thumb].filter((k): k is string => k !== null));
  }

  return {
    async add(me: Person, roomId: number, userId: number): Promise<Membership> {
      return transaction(db, async (tx, afterCommit) => {
        const room = await lockGroupOf(tx, roomId, me.id);
        const before = await participantsOf(tx, roomId);
        if (before.some((p) => p.id === userId)) throw conflict('Already in this chat');
        await requireInteraction(tx, me.id, userId);
        const [friend] = await friendsAmong(tx, me.id, [userId]);
        if (!friend) throw new ServiceError(403, FRIENDS_ONLY);
        if (before.length >= CHAT_GROUP_MAX_PEOPLE) throw conflict(`A group holds at most ${CHAT_GROUP_MAX_PEOPLE} people`);
        // New participants start with the history read: they were not there for it.
        await tx.insert(chatParticipants).values({ roomId, userId, lastReadMessageId: room.lastMessageId ?? 0 });
        const participants = [...before, friend];
        afterCommit(() =>
          bus.toUsers(ids(participants), 'user_added_to_chat', { room_id: roomId, new_user: friend, owner_id: room.ownerId }),
        );
        return { participants, owner_id: room.ownerId };
      });
    },

    async remove(me: Person, roomId: number, userId: number): Promise<Membership> {
      return transaction(db, async (tx, afterCommit) => {
        const room = await lockGroupOf(tx, roomId, me.id);
        if (userId === me.id) throw badRequest('Use Leave Group to leave the group');
        if (room.ownerId !== me.id) throw new ServiceError(403, 'Only the group owner can remove people');
        const before = await participantsOf(tx, roomId);
        const removed = before.find((p) => p.id === userId);
        if (!removed) throw new ServiceError(404, 'That person is not in this chat');
        await tx.delete(chatParticipants).where(and(eq(chatParticipants.roomId, roomId), eq(chatParticipants.userId, userId)));
        afterCommit(() =>
          bus.toUsers(ids(before), 'user_removed_from_chat', { room_id: roomId, removed_user: removed, owner_id: room.ownerId }),
        );
        return { participants: before.filter((p) => p.id !== userId), owner_id: room.ownerId };
      });
    },

    async leave(me: Person, roomId: number): Promise<{ room_id: number }> {
      let orphanedKeys: string[] = [];
      await transaction(db, async (tx, afterCommit) => {
        const room = await lockRoomOf(tx, roomId, me.id);
        const leftUser = { id: me.id, username: me.username };
        if (!room.isGroup) {
          // A 1-on-1 stays (the other person keeps the history); it is hidden for you until someone writes.
          await hideDirect(tx, roomId, me.id, room.lastMessageId ?? 0);
          afterCommit(() => bus.toUsers([me.id], 'left_chat', { room_id: roomId, left_user: leftUser }));
          return;
        }
        await tx.delete(chatParticipants).where(and(eq(chatParticipants.roomId, roomId), eq(chatParticipants.userId, me.id)));
        const stay = await participantsOf(tx, roomId);
        if (stay.length === 0) {
          orphanedKeys = await imageKeysOf(tx, roomId);
          await tx.delete(chatRooms).where(eq(chatRooms.id, roomId));
        } else if (room.ownerId === me.id || room.ownerId === null) {
          await tx.update(chatRooms).set({ ownerId: stay[0]!.id }).where(eq(chatRooms.id, roomId));
        }
        const ownerId = stay.length === 0 ? null : room.ownerId === me.id || room.ownerId === null ? stay[0]!.id : room.ownerId;
        afterCommit(() => {
          bus.toUsers([me.id], 'left_chat', { room_id: roomId, left_user: leftUser });
          bus.toUsers(ids(stay), 'user_left_chat', { room_id: roomId, left_user: leftUser, owner_id: ownerId });
        });
      });
      await Promise.all(orphanedKeys.map((key) => storage.remove(key)));
      return { room_id: roomId };
    },
  };
}

export type ChatGroupsService = ReturnType<typeof createChatGroupsService>;
