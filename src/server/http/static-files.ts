/**
 * NOTE: serves built assets from dist/client. Hashed files under /_astro/ are immutable for a year; other
 * public files revalidate by ETag. HTML is never served from here (pages go through the page handler).
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

export function createStaticFiles(clientDir: string) {
  const root = path.resolve(clientDir);
  return async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const type = TYPES[path.extname(pathname).toLowerCase()];
    if (!type) return false;
    const file = path.join(root, pathname);
    if (!file.startsWith(root + path.sep)) return false;
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return false;
    const etag = `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`;
    const immutable = pathname.startsWith('/_astro/');
    res.setHeader('Content-Type', type);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.setHeader('Content-Length', stat.size);
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    // pipeline, not pipe: when the client goes away mid-file, pipe would leave the file open.
    await pipeline(createReadStream(file), res).catch(() => res.destroy());
    return true;
  };
}
