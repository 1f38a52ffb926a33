/**
 * NOTE: a real S3-compatible server for tests (@20minutes/s3rver, in this process): 127.0.0.1, a free port, its
 * own temp folder, one bucket `savepoint`, keys S3RVER/S3RVER (it checks signatures). `s3Env` gives the app the
 * S3_ settings that point at it; `objectKeys` lists what the bucket holds by reading s3rver's folder (it stores
 * each object as `<dir>/<bucket>/<key>._S3rver_object`).
 */
import S3rver from '@20minutes/s3rver';
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const BUCKET = 'savepoint';
const OBJECT_SUFFIX = '._S3rver_object';

export type TestS3 = {
  directory: string;
  env: Record<string, string>;
  client: S3Client;
  objectKeys(): Promise<string[]>;
  head(key: string): Promise<number | null>;
  put(key: string, body: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  stop(): Promise<void>;
};

export async function startS3(): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const env = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucketDir = path.join(directory, BUCKET);
  return {
    directory,
    env,
    client,
    async objectKeys() {
      const entries = await fs.readdir(bucketDir, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile() && e.name.endsWith(OBJECT_SUFFIX))
        .map((e) => path.relative(bucketDir, path.join(e.parentPath, e.name)).slice(0, -OBJECT_SUFFIX.length))
        .sort();
    },
    async head(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).ContentLength ?? 0;
      } catch (err) {
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    },
    async stop() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
