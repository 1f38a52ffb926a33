/**
 * NOTE: a community's channels (ADR 049). Everyone who sees its content sees the list; reading and writing one is
 * for members, through the chat calls (chat-access.service.ts). Moderators add (at most COMMUNITY_CHANNELS_MAX),
 * rename and remove them, logged; a community keeps at least one. Changes lock the community row, so two adds never
 * pass the limit together. Members hear the change live (after commit); a removed channel's image files go after.
 * Moderators also remove messages there (`removeMessage`), as community moderators remove posts and comments.
 */
import type { Channel, ChannelResponse, ChannelsResponse } from '../../../shared/community-types.ts';
import { COMMUNITY_CHANNELS_MAX } from '../../../shared/community-values.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { ServiceError } from '../../errors.ts';
import { removeStoredFiles } from '../media/post-removal.service.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { EventBus } from '../event-bus.ts';
import { asModerator, outranks, withContent } from './access.ts';
import {
  channelCount,
  channelImageKeys,
  channelMessage,
  channelsOf,
  communityIdsOf,
  deleteChannel,
  insertChannel,
  lockChannels,
  renameChannel,
} from './channels.queries.ts';
import { removeMessage } from '../moderation/moderation-actions.queries.ts';
import { resolveReportsOn } from './community-reports.queries.ts';
import { roleOf } from './members.queries.ts';
import { lockedStanding, standingBySlug } from './communities.queries.ts';
import { logAction } from './modlog.queries.ts';

export const CHANNEL_NOT_FOUND = 'Channel not found';
export const CHANNEL_TAKEN = 'This community already has a channel with that name';
export const CHANNELS_FULL = `A community can have at most ${COMMUNITY_CHANNELS_MAX} channels`;
export const LAST_CHANNEL = 'A community keeps at least one channel';
export const MESSAGE_NOT_FOUND = 'Message not found';
export const NOT_ABOVE_SENDER = 'You can only remove messages of people with a lower role than yours';

const channelNotFound = () => new ServiceError(404, CHANNEL_NOT_FOUND);

/** A name clash (the unique index) is a 409, whichever of two racing requests lost. */
async function named<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw isUniqueViolation(err) ? new ServiceError(409, CHANNEL_TAKEN) : err;
  }
}

export function createChannelsService(deps: { db: Db; bus: EventBus; storage: MediaStorage }) {
  const { db, bus, storage } = deps;
  // To every member: the change itself, which their lists apply as it is (no 100,000 reloads at once).
  const changed = (community: { id: number; slug: string; name: string }, change: { added?: Channel[]; removed?: number[] }) => () =>
    bus.toMembers(community.id, 'channels_changed', {
      community: { slug: community.slug, name: community.name },
      added: change.added ?? [],
      removed_room_ids: change.removed ?? [],
      joined: false,
    });

  return {
    /** The communities whose channels someone's sockets hear (realtime/members-rooms.ts). */
    communitiesOf: (userId: number) => communityIdsOf(db, userId),

    async list(slug: string, viewerId: number): Promise<ChannelsResponse> {
      const { community } = withContent(await standingBySlug(db, slug, viewerId));
      return { channels: await channelsOf(db, community.id) };
    },

    async add(slug: string, actorId: number, name: string): Promise<ChannelResponse> {
      const channel = await named(() =>
        transaction(db, async (tx, afterCommit): Promise<Channel> => {
          const { community } = asModerator(await lockedStanding(tx, slug, actorId));
          if ((await channelCount(tx, community.id)) >= COMMUNITY_CHANNELS_MAX) throw new ServiceError(409, CHANNELS_FULL);
          const made = await insertChannel(tx, community.id, name);
          await logAction(tx, { communityId: community.id, actorId, action: 'channel_add', detail: name });
          afterCommit(changed(community, { added: [made] }));
          return made;
        }),
      );
      return { channel };
    },

    async rename(slug: string, actorId: number, roomId: number, name: string): Promise<ChannelResponse> {
      await named(() =>
        transaction(db, async (tx, afterCommit) => {
          const { community } = asModerator(await lockedStanding(tx, slug, actorId));
          const old = await renameChannel(tx, community.id, roomId, name);
          if (old === null) throw channelNotFound();
          if (old === name) return;
          await logAction(tx, { communityId: community.id, actorId, action: 'channel_rename', detail: `${old} → ${name}` });
          afterCommit(() => bus.toMembers(community.id, 'chat_renamed', { room_id: roomId, new_name: name }));
        }),
      );
      return { channel: { room_id: roomId, name } };
    },

    /**
     * A moderator removes a message in one of the community's channels (their own, or a lower role's): it leaves
     * every member's screen, its open reports close, the mod log records it, and its picture goes after commit.
     */
    async removeMessage(slug: string, actorId: number, messageId: number): Promise<void> {
      const files = await transaction(db, async (tx, afterCommit) => {
        const { community, role } = asModerator(await lockedStanding(tx, slug, actorId));
        const found = await channelMessage(tx, community.id, messageId);
        if (!found) throw new ServiceError(404, MESSAGE_NOT_FOUND);
        const sender = found.senderId;
        if (sender !== null && sender !== actorId && !outranks(role, await roleOf(tx, community.id, sender)))
          throw new ServiceError(403, NOT_ABOVE_SENDER);
        const gone = await removeMessage(tx, messageId);
        if (!gone) throw new ServiceError(404, MESSAGE_NOT_FOUND);
        await resolveReportsOn(tx, 'message', messageId, actorId);
        await logAction(tx, { communityId: community.id, actorId, action: 'remove_message', targetId: sender, detail: found.channel });
        afterCommit(() => bus.toMembers(community.id, 'chat_message_removed', { room_id: found.roomId, message_id: messageId }));
        return gone.keys;
      });
      await removeStoredFiles(storage, files);
    },

    async remove(slug: string, actorId: number, roomId: number): Promise<void> {
      const files = await transaction(db, async (tx, afterCommit) => {
        const { community } = asModerator(await lockedStanding(tx, slug, actorId));
        // Locked first: a send committing meanwhile would have its picture's message cascade away unseen.
        await lockChannels(tx, community.id, roomId);
        const keys = await channelImageKeys(tx, community.id, roomId);
        const name = await deleteChannel(tx, community.id, roomId);
        if (name === null) throw channelNotFound();
        if ((await channelCount(tx, community.id)) === 0) throw new ServiceError(409, LAST_CHANNEL);
        await logAction(tx, { communityId: community.id, actorId, action: 'channel_remove', detail: name });
        afterCommit(changed(community, { removed: [roomId] }));
        return keys;
      });
      await removeStoredFiles(storage, files);
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
