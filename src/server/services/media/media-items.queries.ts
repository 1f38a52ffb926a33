/**
 * NOTE: turns post rows into the MediaItem every media call answers with (ADR 015): author, the viewer's
 * `liked`, counts from the row, the newest comment(s) and freshly signed file URLs — in ONE round trip per page.
 * Lists are prepared statements (planned once per connection) in four shapes: everyone's or one owner's posts,
 * by cursor (keyset on the primary key) or by offset. Nothing here grows with the size of the tables.
 * Posts the viewer may not see (post-visibility.ts: blocked either way, or in a community hidden from them) and
 * comment previews by anyone blocked either way are left out in the same SQL, before LIMIT (ADR 021, 049); the
 * stored counts stay as they are.
 */
import { and, desc, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { CommentItem, MediaItem } from '../../../shared/api-types.ts';
import { FEED_COMMENT_PREVIEW } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { communities, games, media, mediaComments, mediaLikes, profilePictures, userGames, users } from '../../db/schema/index.ts';
import type { GameRef } from '../../../shared/game-types.ts';
import type { CommunityRef } from '../../../shared/community-types.ts';
import { inMyCommunities, moderatesPost, outsideCommunities, postSeenBy } from './post-visibility.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';
import type { MediaUrls } from './media-urls.service.ts';

const hasPicture = (userId: SQL | typeof users.id) =>
  sql<boolean>`exists (select 1 from ${profilePictures} where ${profilePictures.userId} = ${userId})`;

const authorColumns = { user_id: users.id, username: users.username, has_picture: hasPicture(users.id).as('has_picture') };

/** A comment as selected with its author (also the shape of the JSON preview, with created_at as text). */
type CommentRow = { id: number; content: string; created_at: Date | string; user_id: number; username: string; has_picture: boolean };
export const toComment = (r: CommentRow): CommentItem => ({
  id: r.id,
  content: r.content,
  created_at: new Date(r.created_at).toISOString(),
  user: { user_id: r.user_id, username: r.username, has_picture: r.has_picture },
});

export const commentColumns = {
  id: mediaComments.id,
  content: mediaComments.content,
  created_at: mediaComments.createdAt,
  ...authorColumns,
};

const viewer = sql.placeholder('viewer');

// The newest comments of the post as JSON, oldest first: an index walk on (media_id, id) with a LIMIT per post.
const commentPreview = sql<CommentRow[]>`(
  select coalesce(json_agg(newest order by newest.id), '[]'::json) from (
    select c.id, c.content, c.created_at, cu.id as user_id, cu.username,
      exists (select 1 from ${profilePictures} p where p.user_id = cu.id) as has_picture
    from ${mediaComments} c join ${users} cu on cu.id = c.user_id
    where c.media_id = ${media.id} and not ${eitherBlocked(sql`c.user_id`, viewer)} order by c.id desc limit ${sql.raw(String(FEED_COMMENT_PREVIEW))}
  ) as newest)`;

const postColumns = (withComments: boolean) => ({
  post: media,
  community: sql<CommunityRef | null>`(select json_build_object('slug', ${communities.slug}, 'name', ${communities.name}) from ${communities} where ${communities.id} = ${media.communityId})`,
  canModerate: moderatesPost(viewer),
  author: authorColumns,
  liked: sql<boolean>`exists (select 1 from ${mediaLikes} where ${mediaLikes.mediaId} = ${media.id} and ${mediaLikes.userId} = ${viewer})`,
  comments: withComments ? commentPreview : sql<CommentRow[]>`'[]'::json`,
  game: sql<GameRef | null>`(select json_build_object('slug', ${games.slug}, 'name', ${games.name}) from ${games} where ${games.id} = ${media.gameId})`,
});

/**
 * `gameId`: posts tagged with that game; `myGames`: posts tagged with any game the viewer plays; `communityId`: a
 * community's posts (`pinned`: only its pins, else only the others); `myCommunities`: posts of the viewer's
 * communities. None of them: everyone's posts outside communities (the plain feed) or one owner's (`ownerId`).
 */
export type ListQuery = {
  ownerId?: number;
  gameId?: number;
  myGames?: boolean;
  communityId?: number;
  pinned?: boolean;
  myCommunities?: boolean;
  cursor?: number;
  offset: number;
  limit: number;
};

export function createMediaItems(deps: { db: Db; urls: MediaUrls }) {
  const { db, urls } = deps;
  const visible = postSeenBy(viewer);
  const base = (withComments: boolean) => db.select(postColumns(withComments)).from(media).innerJoin(users, eq(users.id, media.userId));
  const owner = eq(media.userId, sql.placeholder('owner'));
  const cursor = lt(media.id, sql.placeholder('cursor'));
  const game = eq(media.gameId, sql.placeholder('game'));
  const myGames = sql`${media.gameId} in (select ${userGames.gameId} from ${userGames} where ${userGames.userId} = ${viewer})`;
  const community = and(eq(media.communityId, sql.placeholder('community')), isNull(media.pinnedAt));
  const pins = and(eq(media.communityId, sql.placeholder('community')), isNotNull(media.pinnedAt));
  const mine = inMyCommunities(viewer);
  // Newest first as the list indexes are built (id DESC NULLS LAST: a user's, a game's, a community's, and the
  // posts outside communities); plain `desc` means NULLS FIRST, which no such index serves, so the planner would
  // sort every matching post. The lists over many games or communities at once have no index of their own: they
  // walk the primary key backwards (`byKey`, plain desc), which NULLS LAST would turn into a sort of every post.
  // Pins are few: any order serves them.
  const byKey = desc(media.id);
  // Only a person's own grid lists their posts still processing (ADR 051): every shared list shows ready posts.
  const ready = eq(media.status, 'ready');
  const listed = (name: string, where: SQL | undefined, order: SQL = sql`${media.id} desc nulls last`, pending = false) =>
    base(true)
      .where(and(visible, where, pending ? undefined : ready))
      .orderBy(order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  // At most COMMUNITY_PINS_MAX rows: never paged, so one statement serves both.
  const pinList = listed('media_pins', pins, desc(media.pinnedAt));
  const lists = {
    all: listed('media_all', outsideCommunities),
    allBefore: listed('media_all_before', and(outsideCommunities, cursor)),
    community: listed('media_community', community),
    communityBefore: listed('media_community_before', and(community, cursor)),
    pins: pinList,
    pinsBefore: pinList,
    myCommunities: listed('media_my_communities', mine, byKey),
    myCommunitiesBefore: listed('media_my_communities_before', and(mine, cursor), byKey),
    owner: listed('media_owner', owner, undefined, true),
    ownerBefore: listed('media_owner_before', and(owner, cursor), undefined, true),
    game: listed('media_game', game),
    gameBefore: listed('media_game_before', and(game, cursor)),
    myGames: listed('media_my_games', myGames, byKey),
    myGamesBefore: listed('media_my_games_before', and(myGames, cursor), byKey),
  };
  type ListKind = Exclude<keyof typeof lists, `${string}Before`>;
  const single = base(false)
    .where(and(eq(media.id, sql.placeholder('id')), visible))
    .prepare('media_one');

  type Row = Awaited<ReturnType<typeof single.execute>>[number];
  const toItem = ({ post, author, liked, comments, game, community, canModerate }: Row): MediaItem => ({
    id: post.id,
    media_type: post.mediaType,
    caption: post.caption,
    likes: post.likesCount,
    liked,
    user: author,
    comment_count: post.commentsCount,
    comments: comments.map(toComment),
    url: urls.sign(post.id, 'original').url,
    thumbnail_url: urls.sign(post.id, post.thumbKey ? 'thumb' : 'original').url,
    poster_url: post.posterKey ? urls.sign(post.id, 'poster').url : null,
    width: post.width,
    height: post.height,
    placeholder: post.placeholder,
    duration: post.durationMs === null ? null : post.durationMs / 1000,
    status: post.status,
    progress: post.status === 'processing' ? (post.progress ?? 0) : null,
    created_at: post.createdAt.toISOString(),
    game: game ?? null,
    community: community ?? null,
    pinned: post.pinnedAt !== null,
    can_moderate: canModerate,
  });

  // The first rule that fits the query names its prepared list (each with a `…Before` twin for cursors).
  const kinds: Array<[(q: ListQuery) => boolean, ListKind]> = [
    [(q) => q.communityId !== undefined && q.pinned === true, 'pins'],
    [(q) => q.communityId !== undefined, 'community'],
    [(q) => q.gameId !== undefined, 'game'],
    [(q) => q.myGames === true, 'myGames'],
    [(q) => q.myCommunities === true, 'myCommunities'],
    [(q) => q.ownerId !== undefined, 'owner'],
  ];
  const pick = (q: ListQuery) => {
    const kind = kinds.find(([fits]) => fits(q))?.[1] ?? 'all';
    return lists[q.cursor === undefined ? kind : (`${kind}Before` as const)];
  };

  return {
    /** Posts newest first, with the newest FEED_COMMENT_PREVIEW comments each. */
    async list(viewerId: number, q: ListQuery): Promise<MediaItem[]> {
      const rows = await pick(q).execute({
        viewer: viewerId,
        owner: q.ownerId,
        game: q.gameId,
        community: q.communityId,
        cursor: q.cursor,
        limit: q.limit,
        offset: q.offset,
      });
      return rows.map(toItem);
    },

    /** One post without comments, or null (also when the viewer may not see it). */
    async one(viewerId: number, id: number): Promise<MediaItem | null> {
      const [row] = await single.execute({ viewer: viewerId, id });
      return row ? toItem(row) : null;
    },
  };
}

export type MediaItems = ReturnType<typeof createMediaItems>;
