/**
 * NOTE: chat rooms as a participant sees them (spec §7 "Chat", ADR 018): create, list, open, read, mute,
 * rename. Every call checks membership first (404 for anyone else). Live events go out after commit, to the
 * room's participants only; group membership changes live in chat-groups.service.ts. A room with anyone blocked
 * either way with the creator is refused (403, ADR 021), an existing 1-on-1 between them included.
 */
import { eq } from 'drizzle-orm';
import type { CreateRoomResponse, RoomDetailResponse } from '../../../shared/chat-types.ts';
import { CHAT_PAGE_SIZE } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { chatParticipants, chatRooms } from '../../db/schema/index.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { blockBetween } from '../social/blocks.queries.ts';
import { requireInteraction } from '../social/blocks.service.ts';
import { chatNotFound, FRIENDS_ONLY, friendsAmong, lockGroupOf, membershipOf, participantsOf } from './chat-access.service.ts';
import { channelCommunity, setMine } from './chat-marks.queries.ts';
import { isModerator } from '../communities/access.ts';
import { roleOf } from '../communities/members.queries.ts';
import { pageAfter, pageBefore } from './chat-messages.queries.ts';
import { unhideDirect } from './chat-hide.queries.ts';
import { listRooms, roomsCursorOf } from './chat-rooms.queries.ts';
import { ServiceError, badRequest } from '../../errors.ts';
import type { EventBus } from '../event-bus.ts';
import type { Person } from '../profiles/people.queries.ts';

export type CreateRoom = { name: string; user_ids: number[]; is_group: boolean };
export type HistoryQuery = { before?: number; after?: number; limit?: number };

const directKeyOf = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

export function createChatRoomsService(deps: { db: Db; bus: EventBus }) {
  const { db, bus } = deps;

  async function existingDirect(key: string): Promise<number | null> {
    const [row] = await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.directKey, key));
    return row?.id ?? null;
  }

  /** Starting a 1-on-1 that exists answers it, and brings it back to your list if you had left it. */
  async function reopened(roomId: number, userId: number): Promise<CreateRoomResponse> {
    await unhideDirect(db, roomId, userId);
    return { room_id: roomId, created: false };
  }

  return {
    async create(me: Person, input: CreateRoom): Promise<CreateRoomResponse> {
      if (input.user_ids.includes(me.id)) throw badRequest('You are always in your own chats: choose other people');
      await requireInteraction(db, me.id, input.user_ids);
      const friends = await friendsAmong(db, me.id, input.user_ids);
      if (friends.length !== input.user_ids.length) throw new ServiceError(403, FRIENDS_ONLY);
      const directKey = input.is_group ? null : directKeyOf(me.id, input.user_ids[0]!);
      if (directKey) {
        const existing = await existingDirect(directKey);
        if (existing) return reopened(existing, me.id);
      }
      try {
        const roomId = await transaction(db, async (tx) => {
          const [room] = await tx
            .insert(chatRooms)
            .values({
              name: input.is_group ? input.name : null,
              isGroup: input.is_group,
              ownerId: input.is_group ? me.id : null,
              directKey,
            })
            .returning({ id: chatRooms.id });
          const joined = Date.now();
          // The creator joins first, so ownership would pass to the others in the order they were chosen.
          const people = [me.id, ...input.user_ids].map((userId, i) => ({ roomId: room!.id, userId, joinedAt: new Date(joined + i) }));
          await tx.insert(chatParticipants).values(people);
          return room!.id;
        });
        return { room_id: roomId, created: true };
      } catch (err) {
        // Both people started the same 1-on-1 at once: the other insert won, and that room is the answer.
        const raced = directKey && isUniqueViolation(err) ? await existingDirect(directKey) : null;
        if (raced) return reopened(raced, me.id);
        throw err;
      }
    },

    myRooms: (userId: number, page: { limit: number; cursor?: string }) =>
      listRooms(db, userId, { limit: page.limit, after: page.cursor === undefined ? undefined : roomsCursorOf(page.cursor) }),

    async detail(userId: number, roomId: number, query: HistoryQuery): Promise<RoomDetailResponse> {
      const { room, muted } = await membershipOf(db, roomId, userId);
      const limit = query.limit ?? CHAT_PAGE_SIZE;
      const participants = room.communityId === null ? await participantsOf(db, roomId) : [];
      const page =
        query.after === undefined ? await pageBefore(db, roomId, query.before, limit) : await pageAfter(db, roomId, query.after, limit);
      const other = participants.find((p) => p.id !== userId);
      const block = !room.isGroup && other ? await blockBetween(db, userId, other.id) : { mine: false, theirs: false };
      return {
        room_id: room.id,
        room_name: room.name ?? other?.username ?? 'Deleted user',
        is_group: room.isGroup,
        muted,
        owner_id: room.ownerId,
        participants,
        community: room.communityId === null ? null : await channelCommunity(db, room.communityId),
        can_moderate: room.communityId !== null && isModerator(await roleOf(db, room.communityId, userId)),
        can_send: !block.mine && !block.theirs,
        you_blocked: block.mine,
        ...page,
      };
    },

    async participants(userId: number, roomId: number) {
      const { room } = await membershipOf(db, roomId, userId);
      return { participants: room.communityId === null ? await participantsOf(db, roomId) : [], owner_id: room.ownerId };
    },

    async markRead(userId: number, roomId: number) {
      const { room } = await membershipOf(db, roomId, userId);
      if (!(await setMine(db, room, userId, { lastReadMessageId: room.lastMessageId ?? 0 }))) throw chatNotFound();
      bus.toUsers([userId], 'mark_all_read', { room_id: roomId });
      return { room_id: roomId, unread_count: 0 as const };
    },

    async toggleMute(userId: number, roomId: number) {
      const { room, muted } = await membershipOf(db, roomId, userId);
      const row = await setMine(db, room, userId, { muted: !muted });
      if (!row) throw chatNotFound();
      return { muted: row.muted };
    },

    async rename(userId: number, roomId: number, name: string) {
      await transaction(db, async (tx, afterCommit) => {
        await lockGroupOf(tx, roomId, userId);
        await tx.update(chatRooms).set({ name }).where(eq(chatRooms.id, roomId));
        // The audience is read inside the transaction (the group is locked): nothing runs unawaited after commit.
        const ids = (await participantsOf(tx, roomId)).map((p) => p.id);
        afterCommit(() => bus.toUsers(ids, 'chat_renamed', { room_id: roomId, new_name: name }));
      });
      return { room_id: roomId, name };
    },
  };
}

export type ChatRoomsService = ReturnType<typeof createChatRoomsService>;
