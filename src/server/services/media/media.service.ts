/**
 * NOTE: posts (spec §7 "Media", ADR 015): the feed and a user's list (keyset on the id via `cursor`, or the spec's
 * `page`/`per_page`), one post, its signed view URL, deletion by its author, and the file behind a signed URL.
 * Who sees a post is post-visibility.ts (blocks, ADR 021; communities, ADR 049): anything hidden is 404 like an
 * unknown id. The author deletes their post, and so do the moderators of its community (others get 404 too).
 */
import { and, eq } from 'drizzle-orm';
import type { MediaItem, MediaListResponse, MediaViewResponse } from '../../../shared/api-types.ts';
import type { MediaPage } from '../../../shared/schemas/media.ts';
import type * as v from 'valibot';
import type { feedGameFilterSchema } from '../../../shared/schemas/games.ts';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { CommentsService } from './comments.service.ts';
import type { FeedCache } from './feed-cache.service.ts';
import { ServiceError } from '../../errors.ts';
import type { ListQuery, MediaItems } from './media-items.queries.ts';
import { requireGame } from '../games/games.service.ts';
import type { MediaUrls, MediaVariant } from './media-urls.service.ts';
import { findVisiblePerson } from '../profiles/people.queries.ts';
import { POST_NOT_FOUND } from './post-errors.service.ts';
import { deletePostRow, removeStoredFiles } from './post-removal.service.ts';
import { transaction } from '../../db/transaction.ts';
import { removedByModerator } from '../communities/community-content.ts';
import { postSeenBy } from './post-visibility.ts';

/** A feed filter as GET /media/feed reads it: one game by slug, or every game the viewer plays (never both). */
export type FeedFilter = v.InferOutput<typeof feedGameFilterSchema>;

export type ServedFile = { key: string; mime: string; created: Date };

export function createMediaService(deps: {
  db: Db;
  storage: MediaStorage;
  urls: MediaUrls;
  items: MediaItems;
  comments: CommentsService;
  feedCache?: FeedCache;
}) {
  const { db, storage, urls, items, comments, feedCache } = deps;

  async function page(
    viewerId: number,
    filter: Pick<ListQuery, 'ownerId' | 'gameId' | 'myGames' | 'myCommunities'>,
    p: MediaPage,
  ): Promise<MediaListResponse> {
    const offset = p.cursor === undefined ? (p.page - 1) * p.per_page : 0;
    const rows = await items.list(viewerId, { ...filter, cursor: p.cursor, offset, limit: p.per_page + 1 });
    const shown = rows.slice(0, p.per_page);
    const has_next = rows.length > p.per_page;
    return { media: shown, has_next, next_cursor: has_next ? shown.at(-1)!.id : null };
  }

  /**
   * The feed narrowed to one game (`game`, a slug: 404 when unknown), to every game the viewer plays
   * (`view: 'my-games'`) or to the viewer's communities (`view: 'communities'`). Never the plain feed: the feed
   * cache never answers these.
   */
  async function filteredFeed(viewerId: number, p: MediaPage, filter: FeedFilter): Promise<MediaListResponse> {
    if (filter.game !== undefined) return page(viewerId, { gameId: (await requireGame(db, filter.game)).id }, p);
    return page(viewerId, filter.view === 'communities' ? { myCommunities: true } : { myGames: true }, p);
  }

  return {
    /**
     * GET /media/feed and the feed page's first paint. With a `filter` (game or view) it is `filteredFeed`. The
     * plain first page comes from the feed cache when it can answer exactly. Plain: page 1 and nothing set but
     * `page` and `per_page`, so a cursor (or a filter) goes to the database.
     */
    async feed(viewerId: number, p: MediaPage, filter: FeedFilter = {}): Promise<MediaListResponse> {
      if (filter.game !== undefined || filter.view !== undefined) return filteredFeed(viewerId, p, filter);
      const plainFirstPage =
        p.page === 1 && Object.entries(p).every(([key, value]) => key === 'page' || key === 'per_page' || value === undefined);
      const cached = plainFirstPage && feedCache ? await feedCache.firstPage(viewerId, p.per_page) : null;
      return cached ?? page(viewerId, {}, p);
    },

    filteredFeed,

    async byUser(viewerId: number, username: string, p: MediaPage): Promise<MediaListResponse> {
      const owner = await findVisiblePerson(db, viewerId, username);
      return page(viewerId, { ownerId: owner.id }, p);
    },

    /** One post with the first page of its comments (oldest first). */
    async get(viewerId: number, id: number): Promise<MediaItem> {
      const item = await items.one(viewerId, id);
      if (!item) throw new ServiceError(404, POST_NOT_FOUND);
      const first = await comments.list(viewerId, id, {});
      return { ...item, comments: first.comments, comment_count: first.comment_count };
    },

    async view(viewerId: number, id: number): Promise<MediaViewResponse> {
      const [row] = await db
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.id, id), postSeenBy(viewerId)));
      if (!row) throw new ServiceError(404, POST_NOT_FOUND);
      const signed = urls.sign(id, 'original');
      return { signedURL: signed.url, expires_at: signed.expiresAt.toISOString() };
    },

    /**
     * Deletes a post with its likes and comments (cascade), then its files: the author's own, or one in a community
     * the caller moderates (logged there). Anyone else gets 404, as for an unknown id.
     */
    async remove(userId: number, id: number): Promise<void> {
      const keys = await transaction(db, async (tx) => {
        const [post] = await tx
          .select({ authorId: media.userId, communityId: media.communityId })
          .from(media)
          .where(eq(media.id, id))
          .for('update');
        const allowed =
          post && (post.authorId === userId || (await removedByModerator(tx, post.communityId, userId, post.authorId, 'remove_post', id)));
        if (!allowed) throw new ServiceError(404, POST_NOT_FOUND);
        return (await deletePostRow(tx, id)) ?? [];
      });
      await removeStoredFiles(storage, keys);
    },

    /** The stored file behind a verified signed URL, or null when the post or that variant is gone. */
    async file(id: number, variant: MediaVariant): Promise<ServedFile | null> {
      const [row] = await db.select().from(media).where(eq(media.id, id));
      if (!row) return null;
      if (variant === 'thumb') return row.thumbKey ? { key: row.thumbKey, mime: 'image/webp', created: row.createdAt } : null;
      if (variant === 'poster') return row.posterKey ? { key: row.posterKey, mime: 'image/webp', created: row.createdAt } : null;
      return { key: row.fileKey, mime: row.fileMime, created: row.createdAt };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
