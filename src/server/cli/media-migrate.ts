/**
 * `npm run media:migrate`: a one-off copy of the disk media store (DATA_DIR/media) into the bucket named by
 * S3_BUCKET (ADR 030), before starting nodes with the S3 settings. Safe to run again (keys already in the bucket
 * are skipped) and while the old server still runs; the disk store is left as it is. Exit code 1 if any file failed.
 */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateMedia } from '../storage/media-migration.ts';
import { createS3Client, uploadFile } from '../storage/s3-storage.ts';

try {
  const config = loadConfig(process.env);
  if (!config.s3) throw new ConfigError('Set S3_BUCKET (and the other S3_ settings) to the bucket to copy media into.');
  const { bucket } = config.s3;
  const root = path.join(config.dataDir, 'media');
  const client = createS3Client(config.s3);
  console.log(`Copying ${root} into bucket ${bucket}…`);
  const summary = await migrateMedia(root, {
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (err) {
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw err;
      }
    },
    upload: (key, localPath) => uploadFile(client, bucket, key, localPath),
  }).finally(() => client.destroy());
  console.log(`Done: ${summary.copied} copied, ${summary.skipped} already in the bucket, ${summary.failed.length} failed.`);
  for (const { key, error } of summary.failed) console.error(`  ${key}: ${error}`);
  if (summary.failed.length > 0) process.exitCode = 1;
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exitCode = 1;
}
