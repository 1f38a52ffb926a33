/** OpenAPI descriptions of the media calls (media.routes.ts, media-files.routes.ts; ADR 015). */
import * as v from 'valibot';
import { feedGameFilterSchema } from '../../../shared/schemas/games.ts';
import { commentSchema, commentsPageSchema, mediaPageSchema } from '../../../shared/schemas/media.ts';
import type { Operation } from '../openapi.ts';

const common = { 401: 'signed out', 404: 'no such post' };
const page =
  'Newest first; `cursor` (the previous `next_cursor`) pages on without repeats or gaps; `page`/`per_page` as the spec names them';

export const mediaOperations: Operation[] = [
  {
    method: 'post',
    path: '/media/upload',
    tag: 'media',
    summary:
      'Post a photo (JPEG, PNG, GIF, WebP; re-encoded, metadata stripped) or a video (MP4, MOV, WebM; stored as sent): multipart fields "file", optional "caption", optional "game" (the slug of a game, old ones included) and optional "community" (the slug of a community you are a member of). Pushes upload_progress to your sockets.',
    signedIn: true,
    responses: {
      201: '{message, media}',
      400: 'no file, bad caption, or an unknown game',
      401: 'signed out',
      403: 'bad CSRF token',
      413: 'too large for its kind, or over your storage quota',
      415: 'not a photo or video',
    },
  },
  {
    method: 'get',
    path: '/media/feed',
    tag: 'media',
    summary: `Everyone's posts outside communities; \`game={slug}\` narrows them to one game, \`view=my-games\` to every game you play, \`view=communities\` to the posts of your communities. ${page}`,
    query: v.object({ ...mediaPageSchema.entries, ...feedGameFilterSchema.entries }),
    signedIn: true,
    responses: { 200: '{media, has_next, next_cursor}', 400: 'bad paging value or filter', 401: 'signed out', 404: 'unknown game' },
  },
  {
    method: 'get',
    path: '/media/user/@:username',
    tag: 'media',
    summary: `One user's posts. ${page}`,
    query: mediaPageSchema,
    signedIn: true,
    responses: { 200: '{media, has_next, next_cursor}', 400: 'bad paging value', 401: 'signed out', 404: 'unknown user' },
  },
  {
    method: 'get',
    path: '/media/:id',
    tag: 'media',
    summary: 'One post with its first page of comments',
    signedIn: true,
    responses: { 200: 'the post', ...common },
  },
  {
    method: 'get',
    path: '/media/:id/view',
    tag: 'media',
    summary: 'A fresh signed URL of the post file: {signedURL, expires_at}',
    signedIn: true,
    responses: { 200: 'signed URL', ...common },
  },
  {
    method: 'get',
    path: '/media/file/:id/:variant',
    tag: 'media',
    summary: 'The file behind a signed URL (variant original or thumb; query expires and sig). No session needed. Honours Range.',
    responses: {
      200: 'the file',
      206: 'a byte range',
      304: 'unchanged',
      403: 'bad or expired signature',
      404: 'gone',
      416: 'range not satisfiable',
    },
  },
  {
    method: 'delete',
    path: '/media/:id',
    tag: 'media',
    summary: 'Delete your own post with its likes, comments and files',
    signedIn: true,
    responses: { 200: 'deleted', 403: 'bad CSRF token', ...common },
  },
  {
    method: 'post',
    path: '/media/:id/like',
    tag: 'media',
    summary: 'Like (idempotent): {liked, likes}',
    signedIn: true,
    responses: { 200: 'liked', 403: 'bad CSRF token', ...common },
  },
  {
    method: 'delete',
    path: '/media/:id/dislike',
    tag: 'media',
    summary: 'Unlike (idempotent): {liked, likes}',
    signedIn: true,
    responses: { 200: 'unliked', 403: 'bad CSRF token', ...common },
  },
  {
    method: 'get',
    path: '/media/:id/comments',
    tag: 'media',
    summary: 'Comments, oldest first; `after` (last id seen) pages on',
    query: commentsPageSchema,
    signedIn: true,
    responses: { 200: '{comments, comment_count, has_next}', 400: 'bad paging value', ...common },
  },
  {
    method: 'post',
    path: '/media/:id/comments',
    tag: 'media',
    summary: 'Comment (trimmed, not empty)',
    body: commentSchema,
    signedIn: true,
    responses: { 201: '{comment, comment_count}', 400: 'empty or too long', 403: 'bad CSRF token', ...common },
  },
  {
    method: 'delete',
    path: '/media/:id/comments/:commentId',
    tag: 'media',
    summary: "Delete a comment: its author or the post's owner; the post's count drops with it",
    signedIn: true,
    responses: {
      200: '{message, comments_count}',
      401: 'signed out',
      403: 'bad CSRF token',
      404: 'no such post or comment, not under that post, or not yours to delete',
    },
  },
];
