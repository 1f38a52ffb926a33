/**
 * NOTE: a real S3-compatible server for tests (@20minutes/s3rver, in this process): 127.0.0.1, a free port, its
 * own temp folder, one bucket `savepoint`, keys S3RVER/S3RVER (it checks signatures). `s3Env` gives the app the
 * S3_ settings that point at it; `objectKeys` lists what the bucket holds by reading s3rver's folder (it stores
 * each object as `<dir>/<bucket>/<key>._S3rver_object`), `openUploads` the multipart uploads neither completed
 * nor aborted. `startS3({ ownProcess: true })` runs s3rver as a child process (s3rver-main.ts) instead.
 * s3rver lacks AbortMultipartUpload: `serveS3rver` adds it (after s3rver's own request handling, before its
 * routes; without a signature check) so a driver's abort really removes the upload's parts.
 */
import S3rver, { type KoaContext } from '@20minutes/s3rver';
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const BUCKET = 'savepoint';
const OBJECT_SUFFIX = '._S3rver_object';
const UPLOADS = '._S3rver_uploads';

export type TestS3 = {
  directory: string;
  env: Record<string, string>;
  client: S3Client;
  objectKeys(): Promise<string[]>;
  /** Ids of multipart uploads begun and neither completed nor aborted. */
  openUploads(): Promise<string[]>;
  head(key: string): Promise<number | null>;
  put(key: string, body: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  stop(): Promise<void>;
};

/** s3rver on 127.0.0.1 (a free port) storing into `directory`, with AbortMultipartUpload added. */
export async function serveS3rver(directory: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  server.middleware.splice(server.middleware.length - 1, 0, async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query['uploadId'];
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    const [bucket] = ctx.path.split('/').filter(Boolean);
    if (bucket !== BUCKET || !/^[0-9a-f]+$/.test(uploadId)) return next();
    const uploadDir = path.join(directory, BUCKET, UPLOADS, uploadId);
    const known = await fs.stat(uploadDir).then(
      () => true,
      () => false,
    );
    await fs.rm(uploadDir, { recursive: true, force: true });
    ctx.status = known ? 204 : 404;
  });
  const { port } = await server.run();
  return { port, close: () => server.close() };
}

/** s3rver as a process of its own (s3rver-main.ts): answers its port once it listens. */
async function serveS3rverProcess(directory: string): Promise<{ port: number; pid: number; close(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 's3rver-main.ts'), directory], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      const line = /^(\{.*\})\n/.exec(out)?.[1];
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    void exited.then(() => reject(new Error('the s3rver process exited before it listened')));
  });
  return {
    port,
    pid: child.pid ?? -1,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function startS3(opts: { ownProcess?: boolean } = {}): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-s3-'));
  const server = await (opts.ownProcess ? serveS3rverProcess(directory) : serveS3rver(directory));
  const { port } = server;
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
    async openUploads() {
      return (await fs.readdir(path.join(bucketDir, UPLOADS)).catch(() => [])).sort();
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
