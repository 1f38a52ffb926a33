/**
 * NOTE: the file behind a signed URL (ADR 015): GET /media/file/{id}/{original|thumb|poster}?expires=&sig=. No session is
 * needed — the signature is the permission — so this router is mounted before the identity middleware would
 * matter. How the bytes are served (Range, ETag, CSP) is stored-file.ts.
 */
import { Hono } from 'hono';
import type { MediaService } from '../../services/media/media.service.ts';
import { MEDIA_VARIANTS, type MediaUrls, type MediaVariant } from '../../services/media/media-urls.service.ts';
import { ServiceError } from '../../errors.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { ApiEnv } from '../context.ts';
import { mediaIdOf } from './media.routes.ts';
import { serveStoredFile } from './stored-file.ts';

const FORBIDDEN = 'This media link is invalid or has expired';

export function mediaFileRoutes(deps: { media: MediaService; urls: MediaUrls; storage: MediaStorage }) {
  const { media, urls, storage } = deps;
  return new Hono<ApiEnv>().get('/:id{[0-9]+}/:variant', async (c) => {
    const id = mediaIdOf(c);
    const variant = c.req.param('variant') as MediaVariant;
    const expires = Number(c.req.query('expires'));
    if (!MEDIA_VARIANTS.includes(variant) || !urls.verify(id, variant, expires, c.req.query('sig') ?? '')) {
      throw new ServiceError(403, FORBIDDEN);
    }
    const file = await media.file(id, variant);
    if (!file) throw new ServiceError(404, 'This media no longer exists');
    return serveStoredFile(c, storage, file, { cacheControl: `private, max-age=${urls.secondsLeft(expires)}` });
  });
}
