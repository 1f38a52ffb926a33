/**
 * NOTE: a community's feed (ADR 049): its posts newest first with its pins ahead of them on the first page, the
 * community an upload goes into (members only; the upload checks again under a lock as it writes), and pins (at
 * most COMMUNITY_PINS_MAX, by moderators, logged). Who sees a community post anywhere else is post-visibility.ts.
 */
import type { MediaListResponse } from '../../../shared/api-types.ts';
import { COMMUNITY_PINS_MAX } from '../../../shared/community-values.ts';
import type { MediaPage } from '../../../shared/schemas/media.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { ServiceError } from '../../errors.ts';
import type { MediaItems } from '../media/media-items.queries.ts';
import { POST_NOT_FOUND } from '../media/post-errors.service.ts';
import { asModerator, BANNED, visible, withContent } from './access.ts';
import { lockedStanding, standingBySlug } from './communities.queries.ts';
import { lockCommunityPost, pinCount, setPinned } from './community-posts.queries.ts';
import { logAction } from './modlog.queries.ts';

export const MEMBERS_POST = 'Join the community to post in it';
export const PINS_FULL = `A community can pin at most ${COMMUNITY_PINS_MAX} posts: unpin one first`;

export function createCommunityPostsService(deps: { db: Db; items: MediaItems }) {
  const { db, items } = deps;
  return {
    async posts(slug: string, viewerId: number, p: MediaPage): Promise<MediaListResponse> {
      const { community } = withContent(await standingBySlug(db, slug, viewerId));
      const first = p.cursor === undefined && p.page === 1;
      const offset = p.cursor === undefined ? (p.page - 1) * p.per_page : 0;
      const [pins, rows] = await Promise.all([
        first ? items.list(viewerId, { communityId: community.id, pinned: true, offset: 0, limit: COMMUNITY_PINS_MAX }) : [],
        items.list(viewerId, { communityId: community.id, cursor: p.cursor, offset, limit: p.per_page + 1 }),
      ]);
      const shown = rows.slice(0, p.per_page);
      const has_next = rows.length > p.per_page;
      return { media: [...pins, ...shown], has_next, next_cursor: has_next ? shown.at(-1)!.id : null };
    },

    /** The id of the community an upload names (`community` field): 404 when hidden, 403 unless a member. */
    async postingCommunity(slug: string, userId: number): Promise<number> {
      const standing = visible(await standingBySlug(db, slug, userId));
      if (standing.banned) throw new ServiceError(403, BANNED);
      if (standing.role === null) throw new ServiceError(403, MEMBERS_POST);
      return standing.community.id;
    },

    /** Pins or unpins a post of the community (moderators); doing it twice changes nothing. */
    async pin(slug: string, actorId: number, mediaId: number, pinned: boolean): Promise<void> {
      await transaction(db, async (tx) => {
        const { community } = asModerator(await lockedStanding(tx, slug, actorId));
        const post = await lockCommunityPost(tx, community.id, mediaId);
        if (!post) throw new ServiceError(404, POST_NOT_FOUND);
        if ((post.pinnedAt !== null) === pinned) return;
        if (pinned && (await pinCount(tx, community.id)) >= COMMUNITY_PINS_MAX) throw new ServiceError(409, PINS_FULL);
        await setPinned(tx, mediaId, pinned);
        await logAction(tx, { communityId: community.id, actorId, action: pinned ? 'pin' : 'unpin', targetId: post.authorId });
      });
    },
  };
}

export type CommunityPostsService = ReturnType<typeof createCommunityPostsService>;
