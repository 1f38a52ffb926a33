/**
 * NOTE: the file behind a signed URL (ADR 015): GET /media/file/{id}/{original|thumb}?expires=&sig=. No session is
 * needed — the signature is the permission — so this router is mounted before the identity middleware would
 * matter. Single byte ranges are honoured (video seeking); files never change under a key, so the key is the ETag.
 * Responses carry nosniff and a sandboxing CSP, so a file opened directly can never run as a page of this site.
 */
import { Hono } from 'hono';
import { Readable } from 'node:stream';
import type { MediaService } from '../../services/media.service.ts';
import { MEDIA_VARIANTS, type MediaUrls, type MediaVariant } from '../../services/media-urls.ts';
import { ServiceError } from '../../services/errors.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { ApiEnv } from '../context.ts';
import { mediaIdOf } from './media.routes.ts';
import { parseRange } from './byte-range.ts';

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
    const info = file && (await storage.stat(file.key));
    if (!file || !info) throw new ServiceError(404, 'This media no longer exists');

    const etag = `"${file.key.replace(/\W/g, '')}"`;
    c.header('ETag', etag);
    c.header('Last-Modified', file.created.toUTCString());
    c.header('Cache-Control', `private, max-age=${urls.secondsLeft(expires)}`);
    c.header('Accept-Ranges', 'bytes');
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (
      c.req
        .header('if-none-match')
        ?.split(',')
        .some((t) => t.trim().replace(/^W\//, '') === etag)
    )
      return c.body(null, 304);

    const range = parseRange(c.req.header('range'), info.size);
    if (range === 'unsatisfiable') {
      c.header('Content-Range', `bytes */${info.size}`);
      return c.json({ error: 'Requested range not satisfiable' }, 416);
    }
    c.header('Content-Type', file.mime);
    const body = Readable.toWeb(storage.read(file.key, range ?? undefined)) as ReadableStream;
    if (!range) {
      c.header('Content-Length', String(info.size));
      return c.body(body, 200);
    }
    c.header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
    c.header('Content-Length', String(range.end - range.start + 1));
    return c.body(body, 206);
  });
}
