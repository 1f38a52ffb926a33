/**
 * NOTE: a member deletes their own account (ADR 028). Rules for callers:
 * - The password is asked again (password-confirm.service.ts: 403, then 429). Then every session ends and its sockets
 *   drop at once, before anything is deleted, so no tab of theirs keeps writing meanwhile.
 * - One transaction removes every row of theirs (the user row cascades; counts on other people's posts are
 *   lowered; notifications naming them in their payload go too) and reserves the username for
 *   USERNAME_COOLING_OFF_DAYS. Text messages they sent stay, from 'Deleted user' (sender set null); their
 *   image messages are deleted with their files. Groups pass ownership on like a leave and hear `user_left_chat`;
 *   rooms nobody is left in are removed. Communities they own pass on, or go when nobody else is in them
 *   (community-handover.ts).
 * - Files are removed only after the commit: a failure before it keeps everything, files included.
 */
import { USERNAME_COOLING_OFF_DAYS } from '../../../shared/schemas/account.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { ServiceError } from '../../errors.ts';
import * as q from './account-deletion.queries.ts';
import type { AuthService } from './auth.service.ts';
import { participantsOf } from '../chat/chat-access.service.ts';
import { handOverCommunities } from '../communities/community-handover.ts';
import type { EventBus } from '../event-bus.ts';
import type { ConfirmPassword } from './password-confirm.service.ts';

const DAY_MS = 86_400_000;

export function createAccountDeletion(deps: {
  db: Db;
  bus: EventBus;
  storage: MediaStorage;
  auth: AuthService;
  confirmPassword: ConfirmPassword;
}) {
  const { db, bus, storage, auth, confirmPassword } = deps;

  return {
    async deleteAccount(userId: number, password: string): Promise<void> {
      await confirmPassword(userId, password);
      await auth.endSessions(userId);
      const files = await transaction(db, async (tx, afterCommit) => {
        const user = await q.lockUser(tx, userId);
        if (!user) throw new ServiceError(401, 'Not signed in');
        const keys = await q.postFileKeys(tx, userId);
        await q.uncountLikesAndComments(tx, userId);

        const rooms = await q.lockRoomsOf(tx, userId);
        const images = await q.deleteImageMessagesOf(tx, userId);
        keys.push(...images.keys);
        await q.leaveAllRooms(tx, userId);
        const empty: number[] = [];
        const leftUser = { id: userId, username: user.username };
        for (const room of rooms) {
          const stay = await participantsOf(tx, room.id);
          if (stay.length === 0) {
            empty.push(room.id);
            continue;
          }
          if (!room.isGroup) continue;
          let ownerId = room.ownerId;
          if (ownerId === userId || ownerId === null) {
            ownerId = stay[0]!.id;
            await q.passOwnership(tx, room.id, ownerId);
          }
          const stayIds = stay.map((p) => p.id);
          const payload = { room_id: room.id, left_user: leftUser, owner_id: ownerId };
          afterCommit(() => bus.toUsers(stayIds, 'user_left_chat', payload));
        }
        keys.push(...(await q.deleteRooms(tx, empty)));
        await q.refreshLastMessage(
          tx,
          images.roomIds.filter((id) => !empty.includes(id)),
        );

        keys.push(...(await handOverCommunities(tx, userId)));
        await q.deleteMentions(tx, userId);
        await q.deleteRateLimits(tx, userId, user.email);
        await q.retireUsername(tx, user.username, new Date(Date.now() + USERNAME_COOLING_OFF_DAYS * DAY_MS));
        await q.deleteUserRow(tx, userId);
        return keys;
      });
      // Removing is idempotent; one failure must not keep the others on disk.
      await Promise.allSettled(files.map((key) => storage.remove(key)));
    },
  };
}

export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
