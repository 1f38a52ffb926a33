/**
 * NOTE: where post files live (ADR 015). Keys are generated here (`newKey`), never taken from a client, and a key
 * is written once: files never change in place, so a key is also a strong validator. Rules for callers:
 * - `putFile` moves a finished local file (an upload's spool) into place; `put` writes a buffer (sharp output);
 * - `read` streams a byte range (inclusive `end`), for HTTP Range;
 * - `remove` is idempotent: removing what is already gone is fine.
 * The disk driver is the only one today; an S3-compatible one goes behind the same type.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export type StoredFileInfo = { size: number; modified: Date };
export type ByteRange = { start: number; end: number };

export type MediaStorage = {
  put(key: string, body: Buffer): Promise<void>;
  putFile(key: string, localPath: string): Promise<void>;
  stat(key: string): Promise<StoredFileInfo | null>;
  read(key: string, range?: ByteRange): Readable;
  remove(key: string): Promise<void>;
  /** A folder on local disk for uploads being received (same file system as the disk driver: rename is atomic). */
  spoolDir: string;
};

/** A fresh, unguessable key with the extension of what it holds, fanned out over 256 folders. */
export function newKey(extension: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${randomBytes(1).toString('hex')}/${id}.${extension}`;
}

export const isValidKey = (key: string) => /^[0-9a-f]{2}\/[A-Za-z0-9_-]{22}\.[a-z0-9]{2,5}$/.test(key);
