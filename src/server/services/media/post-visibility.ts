/**
 * NOTE: the one rule of who sees a post, as SQL for the WHERE of every query that reads posts for a person
 * (lists, one post, likes, comments, reports, live updates): ready (a video still processing is its author's
 * alone, ADR 051), not blocked either way with its author (ADR 021), and, for a post shared into a community, someone who sees that community's content (ADR 049): a member, or
 * anyone not banned when the community is public. `viewer` may be an id, a column or a placeholder.
 * The plain feed also leaves community posts out (`outsideCommunities`): they live in their community and in
 * 'My communities', and the feed's shared first page (feed-cache.service.ts) is the same for everyone.
 */
import { and, eq, isNull, not, sql, type AnyColumn, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { communityMembers, media } from '../../db/schema/index.ts';
import { seesContentSql } from '../communities/members.queries.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';

type Viewer = number | SQLWrapper | AnyColumn | Placeholder;

// Outside a community, or in one whose content the viewer sees.
const seesCommunity = (viewer: Viewer) => sql`(${media.communityId} is null or ${seesContentSql(media.communityId, viewer)})`;

// Authors always see their own posts (to find and delete them after leaving a community or being banned from it,
// and while a video is still processing); others only once it is ready (ADR 051).
export const postSeenBy = (viewer: Viewer): SQL =>
  sql`(${media.userId} = ${viewer} or (${and(eq(media.status, 'ready'), not(eitherBlocked(media.userId, viewer)), seesCommunity(viewer))}))`;

export const outsideCommunities = isNull(media.communityId);

/** Posts of the communities `viewer` is a member of ('My communities'). */
export const inMyCommunities = (viewer: Viewer): SQL =>
  sql`${media.communityId} in (select ${communityMembers.communityId} from ${communityMembers} where ${communityMembers.userId} = ${viewer})`;

/**
 * Whether `viewer` moderates the post's community (owner or moderator) above its author's role (an author no longer
 * a member counts as a member): they may pin it, and remove it and its comments (the server checks each again).
 */
export const moderatesPost = (viewer: Viewer): SQL<boolean> =>
  sql<boolean>`(${media.communityId} is not null and exists (select 1 from ${communityMembers} m
    where m.community_id = ${media.communityId} and m.user_id = ${viewer} and m.role in ('owner', 'moderator')
      and m.rank < coalesce((select a.rank from ${communityMembers} a
        where a.community_id = ${media.communityId} and a.user_id = ${media.userId}), 2)))`;
