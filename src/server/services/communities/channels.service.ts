/**
 * NOTE: a community's channels (ADR 049). Everyone who sees its content sees the list; reading and writing one is
 * for members, through the chat calls (chat-access.service.ts). Moderators add (at most COMMUNITY_CHANNELS_MAX),
 * rename and remove them, logged; a community keeps at least one. Changes lock the community row, so two adds never
 * pass the limit together. Members hear the change live (after commit); a removed channel's image files go after.
 */
import type { Channel, ChannelResponse, ChannelsResponse } from '../../../shared/community-types.ts';
import { COMMUNITY_CHANNELS_MAX } from '../../../shared/community-values.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { ServiceError } from '../../errors.ts';
import { removeStoredFiles } from '../media/post-removal.service.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { EventBus } from '../event-bus.ts';
import { asModerator, withContent } from './access.ts';
import {
  channelCount,
  channelImageKeys,
  channelsOf,
  communityIdsOf,
  deleteChannel,
  insertChannel,
  renameChannel,
} from './channels.queries.ts';
import { lockedStanding, standingBySlug } from './communities.queries.ts';
import { logAction } from './modlog.queries.ts';

export const CHANNEL_NOT_FOUND = 'Channel not found';
export const CHANNEL_TAKEN = 'This community already has a channel with that name';
export const CHANNELS_FULL = `A community can have at most ${COMMUNITY_CHANNELS_MAX} channels`;
export const LAST_CHANNEL = 'A community keeps at least one channel';

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
  const changed =
    (community: { id: number; slug: string }, removed: number[] = []) =>
    () =>
      bus.toMembers(community.id, 'channels_changed', { community: community.slug, removed_room_ids: removed });

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
          afterCommit(changed(community));
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

    async remove(slug: string, actorId: number, roomId: number): Promise<void> {
      const files = await transaction(db, async (tx, afterCommit) => {
        const { community } = asModerator(await lockedStanding(tx, slug, actorId));
        const keys = await channelImageKeys(tx, community.id, roomId);
        const name = await deleteChannel(tx, community.id, roomId);
        if (name === null) throw channelNotFound();
        if ((await channelCount(tx, community.id)) === 0) throw new ServiceError(409, LAST_CHANNEL);
        await logAction(tx, { communityId: community.id, actorId, action: 'channel_remove', detail: name });
        afterCommit(changed(community, [roomId]));
        return keys;
      });
      await removeStoredFiles(storage, files);
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
