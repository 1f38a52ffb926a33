/**
 * NOTE: the notifications communities send (ADR 049), stored in the change's own transaction and pushed after its
 * commit: a join request to the community's moderators (the owner and up to 50 moderators, most senior first),
 * and to the person concerned when their request is approved, their role changes, they are banned or invited
 * (the invite's code rides along: only they receive it); a report on
 * the community's content to its moderators (never naming the reporter). Nothing is sent for posts or messages. People blocked either way with the actor get nothing (the notification service).
 */
import type { NotificationType } from '../../../shared/api-types.ts';
import type { CommunityRow } from '../../db/schema/index.ts';
import type { AfterCommit, Tx } from '../../db/transaction.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { communityById } from './communities.queries.ts';
import { moderatorIds, usernameOf } from './members.queries.ts';

const MODERATORS_NOTIFIED = 50;

export function createCommunityNotices(notifications: NotificationsService) {
  async function send(
    tx: Tx,
    afterCommit: AfterCommit,
    to: number,
    type: NotificationType,
    community: CommunityRow,
    actorId: number,
    extra: { role?: string; invite_code?: string } = {},
  ) {
    const stored = await notifications.store(tx, to, type, {
      sender_id: actorId,
      sender_username: (await usernameOf(tx, actorId)) ?? undefined,
      community_slug: community.slug,
      community_name: community.name,
      ...extra,
    });
    afterCommit(stored.push);
  }

  return {
    async requested(tx: Tx, afterCommit: AfterCommit, community: CommunityRow, requesterId: number): Promise<void> {
      for (const id of await moderatorIds(tx, community.id, MODERATORS_NOTIFIED))
        await send(tx, afterCommit, id, 'community_request', community, requesterId);
    },
    approved: (tx: Tx, afterCommit: AfterCommit, community: CommunityRow, userId: number, actorId: number) =>
      send(tx, afterCommit, userId, 'community_approved', community, actorId),
    roleChanged: (tx: Tx, afterCommit: AfterCommit, community: CommunityRow, userId: number, actorId: number, role: string) =>
      send(tx, afterCommit, userId, 'community_role', community, actorId, { role }),
    banned: (tx: Tx, afterCommit: AfterCommit, community: CommunityRow, userId: number, actorId: number) =>
      send(tx, afterCommit, userId, 'community_banned', community, actorId),
    invited: (tx: Tx, afterCommit: AfterCommit, community: CommunityRow, userId: number, actorId: number, code: string) =>
      send(tx, afterCommit, userId, 'community_invited', community, actorId, { invite_code: code }),
    /**
     * A report on a post, comment or channel message in the community, to its moderators but `skip` (the reporter,
     * the reported, staff told already). `postId` leads to the post; a message's report leads to the Reports tab.
     */
    async reported(
      tx: Tx,
      afterCommit: AfterCommit,
      report: { communityId: number; postId: number | null; message: string; skip: number[] },
    ) {
      const community = await communityById(tx, report.communityId);
      if (!community) return;
      for (const id of await moderatorIds(tx, community.id, MODERATORS_NOTIFIED)) {
        if (report.skip.includes(id)) continue;
        const stored = await notifications.store(tx, id, 'community_report', {
          community_slug: community.slug,
          community_name: community.name,
          ...(report.postId === null ? {} : { media_id: report.postId }),
          title: `Report in ${community.name}`,
          message: report.message,
        });
        afterCommit(stored.push);
      }
    },
  };
}

export type CommunityNotices = ReturnType<typeof createCommunityNotices>;
