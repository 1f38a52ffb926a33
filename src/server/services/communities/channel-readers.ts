/**
 * NOTE: who hears a community's channels live (ADR 049), told after the change commits. A person who joins starts
 * hearing them (`members.changed` puts their sockets in the members' room); one who leaves, is kicked or banned
 * stops, and loses their read marks there; each is told `channels_changed` so their chats list follows. Callers
 * pass their transaction: the marks go in it, the announcements after its commit.
 */
import type { CommunityRow } from '../../db/schema/index.ts';
import type { AfterCommit, Tx } from '../../db/transaction.ts';
import type { EventBus } from '../event-bus.ts';
import { channelsOf, dropChannelMarks } from './channels.queries.ts';

type Community = Pick<CommunityRow, 'id' | 'slug' | 'name'>;
const named = (c: Community) => ({ slug: c.slug, name: c.name });

export function createChannelReaders(bus: EventBus) {
  return {
    joined(afterCommit: AfterCommit, community: Community, userId: number): void {
      afterCommit(() => {
        bus.emit('members.changed', { communityId: community.id, joined: [userId], left: [], channels: [] });
        bus.toUsers([userId], 'channels_changed', { community: named(community), added: [], removed_room_ids: [], joined: true });
      });
    },

    async left(tx: Tx, afterCommit: AfterCommit, community: Community, userId: number): Promise<void> {
      const removed = await dropChannelMarks(tx, community.id, userId);
      afterCommit(() => {
        bus.emit('members.changed', { communityId: community.id, joined: [], left: [userId], channels: removed });
        bus.toUsers([userId], 'channels_changed', { community: named(community), added: [], removed_room_ids: removed, joined: false });
      });
    },

    /** The community is about to be deleted: its members' screens of its channels close once it is. */
    async disbanding(tx: Tx, afterCommit: AfterCommit, community: Community): Promise<void> {
      const removed = (await channelsOf(tx, community.id)).map((c) => c.room_id);
      afterCommit(() => {
        bus.toMembers(community.id, 'channels_changed', {
          community: named(community),
          added: [],
          removed_room_ids: removed,
          joined: false,
        });
        bus.emit('members.disbanded', { communityId: community.id, channels: removed });
      });
    },
  };
}

export type ChannelReaders = ReturnType<typeof createChannelReaders>;
