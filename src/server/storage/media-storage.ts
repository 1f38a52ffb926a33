/**
 * NOTE: where post files live (ADR 015). Keys are generated here (`newKey`), never taken from a client, and a key
 * is written once: files never change in place, so a key is also a strong validator. Rules for callers:
 * - `putFile` moves a finished local file (an upload's spool) into place; `put` writes a buffer (sharp output);
 * - `read` answers a stream of a byte range (inclusive `end`), for HTTP Range, once the store has started sending
 *   it; whoever takes the stream must consume or destroy it (a dropped stream holds a file or a connection);
 * - `remove` is idempotent: removing what is already gone is fine;
 * - `probe` answers whether the store can take files now (readiness): it throws when it cannot;
 * - `close` once, when the server stops.
 * Two drivers: local disk (disk-storage.ts, the default) and an S3-compatible bucket (s3-storage.ts, ADR 030).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';

export type StoredFileInfo = { size: number; modified: Date };
export type ByteRange = { start: number; end: number };

export type MediaStorage = {
  put(key: string, body: Buffer): Promise<void>;
  putFile(key: string, localPath: string): Promise<void>;
  stat(key: string): Promise<StoredFileInfo | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  remove(key: string): Promise<void>;
  probe(): Promise<void>;
  close(): Promise<void>;
  /** A folder on local disk for uploads being received (same file system as the disk driver: rename is atomic). */
  spoolDir: string;
};

/** A fresh, unguessable key with the extension of what it holds, fanned out over 256 folders. */
export function newKey(extension: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${randomBytes(1).toString('hex')}/${id}.${extension}`;
}

/** Empties and creates the local spool: whatever is there belonged to an upload that never finished. */
export async function prepareSpool(dir: string): Promise<string> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export const isValidKey = (key: string) => /^[0-9a-f]{2}\/[A-Za-z0-9_-]{22}\.[a-z0-9]{2,5}$/.test(key);
