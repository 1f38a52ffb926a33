/**
 * NOTE: media shapes (spec §7 "Media", §5 upload and comment rules), used by the upload dialog, the comment
 * inputs and the API. Query strings and multipart fields arrive as text.
 */
import * as v from 'valibot';
import { CAPTION_MAX, COMMENT_MAX, COMMENTS_PAGE_MAX, FEED_PAGE_MAX, FEED_PER_PAGE_DEFAULT, FEED_PER_PAGE_MAX } from '../constants.ts';
import { MAX_INT_ID, plainText, queryWholeNumber, requiredObject } from './fields.ts';

// Pure (it only builds a schema): bundlers drop calls whose result a page does not use.
/* @__NO_SIDE_EFFECTS__ */
const text = (label: string, max: number) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.maxLength(max, `${label} must be at most ${max} characters`),
    plainText(label, { newlines: true }),
  );

/** The optional caption of POST /media/upload (a multipart field). */
export const captionSchema = v.optional(text('Caption', CAPTION_MAX), '');

/** POST /media/{id}/comments: non-empty after trimming (spec §5). */
export const commentSchema = requiredObject({
  content: v.pipe(v.string('Comment is required'), text('Comment', COMMENT_MAX), v.nonEmpty('Comment cannot be empty')),
});
export type CommentInput = v.InferInput<typeof commentSchema>;
export type CommentOutput = v.InferOutput<typeof commentSchema>;

/**
 * GET /media/feed and the user media list: `page`/`per_page` as the spec names them, or `cursor` (the
 * `next_cursor` of the previous page), which never repeats or skips a post while new ones arrive.
 */
export const mediaPageSchema = v.object({
  page: v.optional(queryWholeNumber('page', FEED_PAGE_MAX), '1'),
  per_page: v.optional(queryWholeNumber('per_page', FEED_PER_PAGE_MAX), String(FEED_PER_PAGE_DEFAULT)),
  cursor: v.optional(queryWholeNumber('cursor', MAX_INT_ID)),
});
export type MediaPage = v.InferOutput<typeof mediaPageSchema>;

/** GET /media/{id}/comments: oldest first, `after` pages on with the last id seen. */
export const commentsPageSchema = v.object({
  after: v.optional(queryWholeNumber('after', MAX_INT_ID)),
  limit: v.optional(queryWholeNumber('limit', COMMENTS_PAGE_MAX), String(COMMENTS_PAGE_MAX)),
});

/** A trim selection (spec §4 "Upload", §5): start stays below end, both inside the clip. */
export const trimSchema = v.pipe(
  v.object({ start: v.pipe(v.number(), v.minValue(0)), end: v.number(), duration: v.pipe(v.number(), v.minValue(0)) }),
  v.check((t) => t.start < t.end, 'Trim start must be below its end'),
  v.check((t) => t.end <= t.duration + 1e-6, 'Trim end must be within the clip'),
);
export type Trim = v.InferOutput<typeof trimSchema>;
