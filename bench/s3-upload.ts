/**
 * NOTE: the upload memory measure with media in an S3-compatible bucket (`npm run bench`, section `uploads`).
 * Starts s3rver as a process of its own on loopback (the tests' support, so its CPU and memory are not the
 * server's or the bench's), a production server with the S3_ settings, then streams the same 199 MB video as the
 * disk measure twice and samples the server's RSS (the first upload on a fresh server, the second on one whose heap
 * has grown to its working size). Also checks the uploads finished: both objects are in the bucket at full size,
 * no multipart upload is left open and the server's spool is empty. Callers own the verdict.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { startProductionServer } from '../tests/e2e/support/production-server.ts';
import { startS3 } from '../tests/integration/support/s3.ts';
import { uploadRssGrowth } from './media.ts';
import { signedInCookie } from './throughput.ts';

export type UploadGrowth = { growthMb: number; seconds: number };
export type S3Uploads = { first: UploadGrowth; second: UploadGrowth; problems: string[] };

export async function measureS3Upload(logFile: string, logLevel: string, file: string): Promise<S3Uploads> {
  const s3 = await startS3({ ownProcess: true });
  try {
    const server = await startProductionServer({ logFile, logLevel, env: s3.env });
    try {
      const cookie = await signedInCookie(server.origin);
      const first = await uploadRssGrowth(server.origin, cookie, server.pid, file);
      const second = await uploadRssGrowth(server.origin, cookie, server.pid, file);
      const problems: string[] = [];
      // Each upload, once processed (remuxed: the same streams, ADR 051), is one video in the bucket.
      const videos = (await s3.objectKeys()).filter((key) => key.endsWith('.mp4'));
      if (videos.length !== 2) problems.push(`the bucket holds ${videos.length} videos after two uploads, not 2`);
      for (const key of videos) {
        const size = (await s3.head(key)) ?? 0;
        if (Math.abs(size - first.fileBytes) > first.fileBytes / 100)
          problems.push(`a video in the bucket has ${size} bytes, ${first.fileBytes} were sent`);
      }
      const open = await s3.openUploads();
      if (open.length > 0) problems.push(`${open.length} multipart uploads were left open in the bucket`);
      const spool = await fs.readdir(path.join(server.dataDir, 'media', '.spool')).catch(() => []);
      if (spool.length > 0) problems.push(`the server's spool still holds ${spool.length} files`);
      return { first, second, problems };
    } finally {
      await server.stop();
    }
  } finally {
    await s3.stop();
  }
}
