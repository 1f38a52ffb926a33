/**
 * NOTE: turns post rows into the MediaItem every media call answers with (ADR 015): author, the viewer's
 * `liked`, counts from the row, the newest comment(s) and freshly signed file URLs. Callers choose the rows with a
 * `where` on `media` (and the order/limit); this module adds nothing that grows with the table.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CommentItem, MediaItem } from '../../shared/api-types.ts';
import type { Db } from '../db/client.ts';
import { media, mediaComments, mediaLikes, profilePictures, users } from '../db/schema/index.ts';
import type { MediaUrls } from './media-urls.ts';

const hasPicture = (userId: SQL | typeof users.id) =>
  sql<boolean>`exists (select 1 from ${profilePictures} where ${profilePictures.userId} = ${userId})`;

const authorColumns = { user_id: users.id, username: users.username, has_picture: hasPicture(users.id).as('has_picture') };

type CommentRow = {
  id: number;
  mediaId: number;
  content: string;
  createdAt: Date;
  user_id: number;
  username: string;
  has_picture: boolean;
};
export const toComment = (r: CommentRow): CommentItem => ({
  id: r.id,
  content: r.content,
  created_at: r.createdAt.toISOString(),
  user: { user_id: r.user_id, username: r.username, has_picture: r.has_picture },
});

export const commentColumns = {
  id: mediaComments.id,
  mediaId: mediaComments.mediaId,
  content: mediaComments.content,
  createdAt: mediaComments.createdAt,
  ...authorColumns,
};

export function createMediaItems(deps: { db: Db; urls: MediaUrls }) {
  const { db, urls } = deps;

  /** The newest `perPost` comments of each post, oldest first within a post. */
  async function newestComments(mediaIds: number[], perPost: number): Promise<Map<number, CommentItem[]>> {
    const byPost = new Map<number, CommentItem[]>();
    if (mediaIds.length === 0 || perPost === 0) return byPost;
    // A lateral LIMIT per post walks (media_id, id) backwards: the cost is bounded by the page, not by how many
    // comments or posts exist (an `id in (...)` form let the planner scan every comment).
    const postIds = `{${mediaIds.join(',')}}`;
    const { rows } = await db.execute<CommentRow & { created_at: string | Date; media_id: number }>(sql`
      select newest.* from unnest(${postIds}::int[]) as post(id)
      cross join lateral (
        select c.id, c.media_id, c.content, c.created_at, u.id as user_id, u.username,
          exists (select 1 from ${profilePictures} p where p.user_id = u.id) as has_picture
        from ${mediaComments} c join ${users} u on u.id = c.user_id
        where c.media_id = post.id order by c.id desc limit ${perPost}
      ) as newest
      order by newest.id`);
    for (const row of rows) {
      const list = byPost.get(row.media_id) ?? [];
      list.push(toComment({ ...row, mediaId: row.media_id, createdAt: new Date(row.created_at) }));
      byPost.set(row.media_id, list);
    }
    return byPost;
  }

  return {
    /** Posts matching `where`, newest first, at most `limit` after `offset`, with `commentsPerPost` newest comments each. */
    async load(viewerId: number, where: SQL | undefined, limit: number, commentsPerPost: number, offset = 0): Promise<MediaItem[]> {
      const rows = await db
        .select({
          post: media,
          author: authorColumns,
          liked: sql<boolean>`exists (select 1 from ${mediaLikes} where ${mediaLikes.mediaId} = ${media.id} and ${mediaLikes.userId} = ${viewerId})`,
        })
        .from(media)
        .innerJoin(users, eq(users.id, media.userId))
        .where(where)
        .orderBy(desc(media.id))
        .limit(limit)
        .offset(offset);
      const comments = await newestComments(
        rows.map((r) => r.post.id),
        commentsPerPost,
      );
      return rows.map(({ post, author, liked }) => ({
        id: post.id,
        media_type: post.mediaType,
        caption: post.caption,
        likes: post.likesCount,
        liked,
        user: author,
        comment_count: post.commentsCount,
        comments: comments.get(post.id) ?? [],
        url: urls.sign(post.id, 'original').url,
        thumbnail_url: urls.sign(post.id, post.thumbKey ? 'thumb' : 'original').url,
        width: post.width,
        height: post.height,
        created_at: post.createdAt.toISOString(),
      }));
    },
  };
}

export type MediaItems = ReturnType<typeof createMediaItems>;
