/**
 * NOTE: posts, likes and comments (spec §7 "Media", ADR 015), mounted at /media. Paths the spec leaves open:
 * the user media list is GET /media/user/@{username}; files come from signed URLs (media-files.routes.ts).
 * The upload streams from the raw Node request, so its path is in MEDIA_UPLOAD_ROUTES (exempt from the JSON limit).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type {
  CommentDeletedResponse,
  CommentResponse,
  CommentsResponse,
  LikeResponse,
  MediaItem,
  MediaViewResponse,
  UploadResponse,
} from '../../../shared/api-types.ts';
import { MAX_INT_ID } from '../../../shared/schemas/fields.ts';
import { communitySlugField } from '../../../shared/schemas/communities.ts';
import { COMMUNITY_NOT_FOUND } from '../../services/communities/access.ts';
import { feedGameFilterSchema, gameSlugField } from '../../../shared/schemas/games.ts';
import { captionSchema, commentSchema, commentsPageSchema, mediaPageSchema } from '../../../shared/schemas/media.ts';
import { firstIssue } from '../../../shared/schemas/auth.ts';
import { COMMENT_NOT_FOUND } from '../../services/media/comments.service.ts';
import type { Services } from '../../services/index.ts';
import { badRequest, ServiceError } from '../../errors.ts';
import { POST_NOT_FOUND } from '../../services/media/post-errors.service.ts';
import { UNSUPPORTED_MEDIA } from '../../storage/image-variants.ts';
import { tooLargeMessage, type TaggedGame } from '../../services/media/media-upload.service.ts';
import { MEDIA_SIGNATURES } from '../../uploads/magic-bytes.ts';
import { receiveFile } from '../../uploads/multipart.ts';
import { AT_USERNAME, usernameOf } from '../at-username.ts';
import { sendMediaList } from './media-list-json.ts';
import type { ApiEnv } from '../context.ts';
import { signedInPerson } from '../session.ts';
import { pathId, readJson, readQuery } from '../validate.ts';

export const MEDIA_UPLOAD_ROUTES = ['POST /api/media/upload'];

/** The post id of the path; anything that cannot be one is simply not found. */
export const mediaIdOf = (c: Context<ApiEnv>): number => pathId(c, 'id', MAX_INT_ID, () => new ServiceError(404, POST_NOT_FOUND));

/** The optional `game` field of an upload: a known slug (old ones included), else a 400 naming the field. */
async function taggedGame(services: Services, value: string): Promise<TaggedGame> {
  const slug = v.safeParse(gameSlugField(), value);
  if (!slug.success) throw badRequest(`${firstIssue(slug.issues)} (form field "game")`);
  try {
    return { id: (await services.games.resolve(slug.output)).id, slug: slug.output };
  } catch (err) {
    if (err instanceof ServiceError && err.status === 404) throw badRequest('Game not found (form field "game")');
    throw err;
  }
}

/** The optional `community` field of an upload: the slug of a community the uploader is a member of. */
async function postingCommunity(services: Services, userId: number, value: string): Promise<number> {
  const slug = v.safeParse(communitySlugField, value);
  if (!slug.success) throw new ServiceError(404, COMMUNITY_NOT_FOUND);
  return services.communityPosts.postingCommunity(slug.output, userId);
}

export function mediaRoutes(services: Services) {
  const { media, uploads, likes, comments } = services;
  const largest = Math.max(services.mediaLimits.imageBytes, services.mediaLimits.videoBytes);
  return new Hono<ApiEnv>()
    .post('/upload', async (c) => {
      const me = signedInPerson(c);
      const upload = uploads.begin(me.id);
      try {
        const { file, fields } = await receiveFile(c.env.incoming, {
          field: 'file',
          maxBytes: largest,
          signatures: MEDIA_SIGNATURES,
          messages: {
            missing: 'Choose a photo or video to upload (form field "file")',
            unsupported: UNSUPPORTED_MEDIA,
            tooLarge: (type) => tooLargeMessage(type, services.mediaLimits),
          },
          sink: upload.receive,
        });
        const caption = v.safeParse(captionSchema, fields.caption);
        if (!caption.success) throw badRequest(firstIssue(caption.issues));
        const game = fields.game ? await taggedGame(services, fields.game) : null;
        const communityId = fields.community ? await postingCommunity(services, me.id, fields.community) : null;
        const post = await upload.finish(file, caption.output, { game, communityId });
        return c.json<UploadResponse>({ message: 'Upload complete', media: post }, 201);
      } catch (err) {
        await upload.abort(err);
        throw err;
      }
    })
    .get('/feed', async (c) => {
      const me = signedInPerson(c);
      const p = readQuery(c, mediaPageSchema);
      return sendMediaList(c, await media.feed(me.id, p, readQuery(c, feedGameFilterSchema)));
    })
    .get(`/user/${AT_USERNAME}`, async (c) =>
      sendMediaList(c, await media.byUser(signedInPerson(c).id, usernameOf(c), readQuery(c, mediaPageSchema))),
    )
    .get('/:id{[0-9]+}', async (c) => c.json<MediaItem>(await media.get(signedInPerson(c).id, mediaIdOf(c))))
    .get('/:id{[0-9]+}/view', async (c) => c.json<MediaViewResponse>(await media.view(signedInPerson(c).id, mediaIdOf(c))))
    .delete('/:id{[0-9]+}', async (c) => {
      await media.remove(signedInPerson(c).id, mediaIdOf(c));
      return c.json({ message: 'Post deleted' });
    })
    .post('/:id{[0-9]+}/like', async (c) => c.json<LikeResponse>(await likes.like(signedInPerson(c), mediaIdOf(c))))
    .delete('/:id{[0-9]+}/dislike', async (c) => c.json<LikeResponse>(await likes.unlike(signedInPerson(c), mediaIdOf(c))))
    .get('/:id{[0-9]+}/comments', async (c) => {
      const me = signedInPerson(c);
      return c.json<CommentsResponse>(await comments.list(me.id, mediaIdOf(c), readQuery(c, commentsPageSchema)));
    })
    .post('/:id{[0-9]+}/comments', async (c) => {
      const me = signedInPerson(c);
      const { content } = await readJson(c, commentSchema);
      return c.json<CommentResponse>(await comments.add(me, mediaIdOf(c), content), 201);
    })
    .delete('/:id{[0-9]+}/comments/:commentId', async (c) => {
      const me = signedInPerson(c);
      const commentId = pathId(c, 'commentId', MAX_INT_ID, () => new ServiceError(404, COMMENT_NOT_FOUND));
      const { comments_count } = await comments.remove(me, mediaIdOf(c), commentId);
      return c.json<CommentDeletedResponse>({ message: 'Comment deleted', comments_count });
    });
}
