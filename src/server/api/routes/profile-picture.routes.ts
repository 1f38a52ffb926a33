/**
 * NOTE: profile pictures (spec §7, ADR 012), mounted under /profile by profile.routes.ts. The upload streams
 * from the raw Node request (see src/server/uploads/multipart.ts), so its path is in PICTURE_UPLOAD_ROUTES,
 * which app.ts exempts from the JSON body limit. Pictures are served private and revalidated by ETag.
 */
import { Hono, type Context } from 'hono';
import { PICTURE_UPLOAD_MAX_BYTES } from '../../../shared/constants.ts';
import { ServiceError } from '../../errors.ts';
import { UNSUPPORTED_PICTURE, type ProfilePictureService, type StoredPicture } from '../../services/profiles/profile-picture.service.ts';
import { IMAGE_SIGNATURES } from '../../uploads/magic-bytes.ts';
import { collect, receiveFile } from '../../uploads/multipart.ts';
import { AT_USERNAME, usernameOf } from '../at-username.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInSession } from '../session.ts';

/** Method and full path of every streamed upload here (app.ts leaves their bodies alone). */
export const PICTURE_UPLOAD_ROUTES = ['POST /api/profile/picture'];

const served = { 200: 'image/jpeg with ETag', 304: 'unchanged (If-None-Match)', 401: 'signed out', 404: 'no picture or unknown user' };
export const pictureOperations: Operation[] = [
  {
    method: 'post',
    path: '/profile/picture',
    tag: 'profile',
    summary: `Replace your picture: multipart field "file" (JPEG, PNG, GIF or WebP, at most ${PICTURE_UPLOAD_MAX_BYTES / 2 ** 20} MB); re-encoded to a square JPEG without metadata`,
    signedIn: true,
    responses: { 200: 'message and etag', 400: 'no file', 401: 'signed out', 403: 'bad CSRF token', 413: 'too large', 415: 'not an image' },
  },
  { method: 'get', path: '/profile/picture', tag: 'profile', summary: 'Your picture', signedIn: true, responses: served },
  { method: 'get', path: '/profile/@:username/picture', tag: 'profile', summary: "Someone's picture", signedIn: true, responses: served },
];

const etagMatches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

function send(c: Context<ApiEnv>, picture: StoredPicture | null) {
  if (!picture) throw new ServiceError(404, 'No profile picture');
  c.header('ETag', picture.etag);
  c.header('Cache-Control', 'private, no-cache');
  if (etagMatches(c.req.header('if-none-match'), picture.etag)) return c.body(null, 304);
  c.header('Content-Type', 'image/jpeg');
  return c.body(new Uint8Array(picture.image));
}

export function pictureRoutes(pictures: ProfilePictureService) {
  return new Hono<ApiEnv>()
    .post('/picture', async (c) => {
      const me = signedInSession(c);
      const { file } = await receiveFile(c.env.incoming, {
        field: 'file',
        maxBytes: PICTURE_UPLOAD_MAX_BYTES,
        signatures: IMAGE_SIGNATURES,
        messages: {
          missing: 'Choose a picture to upload (form field "file")',
          unsupported: UNSUPPORTED_PICTURE,
          tooLarge: `Profile picture must be at most ${PICTURE_UPLOAD_MAX_BYTES / 2 ** 20} MB`,
        },
        sink: async (stream, type) => ({ bytes: await collect(stream), type }),
      });
      const etag = await pictures.replace(me.userId, file.bytes, file.type);
      return c.json({ message: 'Profile picture updated', etag });
    })
    .get('/picture', async (c) => send(c, await pictures.get(signedInSession(c).userId)))
    .get(`/${AT_USERNAME}/picture`, async (c) => {
      return send(c, await pictures.getByUsername(signedInSession(c).userId, usernameOf(c)));
    });
}
