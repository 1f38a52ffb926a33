/**
 * NOTE: answers a GET with a file from the media storage once the caller's right to it is settled (signed URL
 * or chat membership). Single byte ranges are honoured (video seeking); files never change under a key, so the
 * key is the ETag. Responses carry nosniff (global) and a sandboxing CSP, so a file opened directly can never run
 * as a page of this site. A HEAD gets the same headers and no body: the file is never opened for it (a stream
 * opened and then dropped would hold its descriptor open).
 */
import type { Context } from 'hono';
import { Readable } from 'node:stream';
import { ServiceError } from '../../errors.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { ApiEnv } from '../context.ts';
import { parseRange } from './byte-range.ts';

export type StoredFile = { key: string; mime: string; created: Date };

export async function serveStoredFile(c: Context<ApiEnv>, storage: MediaStorage, file: StoredFile, options: { cacheControl: string }) {
  const info = await storage.stat(file.key);
  if (!info) throw new ServiceError(404, 'This media no longer exists');

  const etag = `"${file.key.replace(/\W/g, '')}"`;
  c.header('ETag', etag);
  c.header('Last-Modified', file.created.toUTCString());
  c.header('Cache-Control', options.cacheControl);
  c.header('Accept-Ranges', 'bytes');
  c.header('Content-Security-Policy', "default-src 'none'; sandbox");
  c.header('Cross-Origin-Resource-Policy', 'same-origin');
  const tags = c.req.header('if-none-match')?.split(',') ?? [];
  if (tags.some((t) => t.trim().replace(/^W\//, '') === etag)) return c.body(null, 304);

  const range = parseRange(c.req.header('range'), info.size);
  if (range === 'unsatisfiable') {
    c.header('Content-Range', `bytes */${info.size}`);
    return c.json({ error: 'Requested range not satisfiable' }, 416);
  }
  c.header('Content-Type', file.mime);
  if (range) c.header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
  c.header('Content-Length', String(range ? range.end - range.start + 1 : info.size));
  const status = range ? 206 : 200;
  if (c.req.method === 'HEAD') return c.body(null, status);
  return c.body(Readable.toWeb(await storage.read(file.key, range ?? undefined)) as ReadableStream, status);
}
