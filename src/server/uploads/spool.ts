/**
 * NOTE: writes an upload stream to a fresh file in `dir` through the given checks (byte limit, structure), with
 * backpressure all the way, so memory stays flat however large the file. On any failure the partial file is
 * removed before the promise rejects; on success the caller owns the file and must move or remove it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type Spooled = { path: string; bytes: number };

/** Fails the stream with `tooLarge()` as soon as more than `maxBytes` have passed. */
export function byteLimit(maxBytes: number, tooLarge: () => Error): Transform & { bytes: () => number } {
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? tooLarge() : null, chunk);
    },
  });
  return Object.assign(limit, { bytes: () => seen });
}

export async function spool(dir: string, source: Readable, checks: Transform[], maxBytes: number, tooLarge: () => Error): Promise<Spooled> {
  const file = path.join(dir, randomBytes(12).toString('hex'));
  const counter = byteLimit(maxBytes, tooLarge);
  try {
    await pipeline([source, counter, ...checks, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 })]);
    return { path: file, bytes: counter.bytes() };
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
}
