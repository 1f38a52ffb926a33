/**
 * NOTE: the MediaStorage in an S3-compatible bucket (AWS, MinIO, Garage, Ceph, Backblaze, R2; ADR 030). Only
 * object-level calls (Put, multipart Upload, Head, Get, Delete): some compatible servers sign bucket-level calls
 * differently, and the app never needs them. Rules the driver keeps:
 * - never a whole upload in memory: files stream from the local spool in 5 MB parts, one part in flight;
 * - a failed upload leaves no object (a single-part put is all or nothing; a multipart one is aborted);
 * - a ranged read is cut at the range's length whatever the server sends (some answer more than asked);
 * - checksums only when the API requires them: many compatible servers refuse the SDK's default trailers.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import fs from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Settings } from '../config.ts';
import { isValidKey, prepareSpool, type ByteRange, type MediaStorage } from './media-storage.ts';
import { takeBytes } from './take-bytes.ts';

const PART_BYTES = 5 * 2 ** 20;
/** Never a media key (isValidKey refuses it): readiness asks for it and expects "no such key". */
const PROBE_KEY = 'savepoint-readiness-probe';

export function createS3Client(settings: S3Settings): S3Client {
  const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = settings;
  return new S3Client({
    region,
    forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(endpoint ? { endpoint } : {}),
    // Without keys the SDK's own chain applies (environment, instance or task role).
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  });
}

const isNotFound = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** Streams a local file into the bucket under `key` (multipart past 5 MB, one part buffered at a time). */
export async function uploadFile(client: S3Client, bucket: string, key: string, localPath: string): Promise<void> {
  const body = fs.createReadStream(localPath);
  try {
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: body },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    await upload.done();
  } finally {
    body.destroy();
  }
}

export async function createS3Storage(settings: S3Settings, spoolDir: string): Promise<MediaStorage> {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    // Keys come from newKey(); this guards the bucket against anything else reaching it.
    if (!isValidKey(key)) throw new Error(`not a media key: ${key}`);
    return key;
  };

  return {
    spoolDir: await prepareSpool(spoolDir),
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: body, ContentLength: body.length }));
    },
    async putFile(key, localPath) {
      await uploadFile(client, Bucket, checked(key), localPath);
      await rm(localPath, { force: true });
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async read(key, range?: ByteRange) {
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: checked(key), Range }));
      const body = answer.Body as Readable;
      return range ? takeBytes(body, range.end - range.start + 1) : body;
    },
    async remove(key) {
      // Deleting a missing key succeeds on S3: removal is idempotent by nature.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async probe() {
      // An object-level call (some compatible servers sign bucket-level ones such as HeadBucket differently). A GET,
      // not a HEAD: a HEAD answers a bare 404 for a missing bucket too, a GET names NoSuchKey or NoSuchBucket.
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: PROBE_KEY }));
        (answer.Body as Readable | undefined)?.destroy();
      } catch (err) {
        if ((err as { name?: string }).name !== 'NoSuchKey') throw err;
      }
    },
    async close() {
      client.destroy();
    },
  };
}
