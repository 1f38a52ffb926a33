/**
 * NOTE: copies every file of a disk media store (DATA_DIR/media) into the configured bucket, under the same keys.
 * Idempotent: a key already in the bucket is skipped (keys are written once, so same key = same file), which
 * lets a run that stopped half-way simply be run again. The disk store is only read, never changed; files in the
 * spool and anything not shaped like a media key are left alone.
 */
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isValidKey } from './media-storage.ts';

export type MigrationSummary = { copied: number; skipped: number; failed: Array<{ key: string; error: string }> };

/** Every media key stored under `root` (e.g. `3f/AbC….webp`), sorted. */
export async function diskKeys(root: string): Promise<string[]> {
  const entries: Dirent[] = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter(isValidKey)
    .sort();
}

/** Where files go: whether a key is there already, and a copy that leaves the local file in place. */
export type MigrationTarget = { exists(key: string): Promise<boolean>; upload(key: string, localPath: string): Promise<void> };

export async function migrateMedia(
  root: string,
  target: MigrationTarget,
  progress: (line: string) => void = () => {},
): Promise<MigrationSummary> {
  const summary: MigrationSummary = { copied: 0, skipped: 0, failed: [] };
  for (const key of await diskKeys(root)) {
    try {
      if (await target.exists(key)) {
        summary.skipped++;
        continue;
      }
      await target.upload(key, path.join(root, key));
      summary.copied++;
      progress(`copied ${key}`);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      summary.failed.push({ key, error });
      progress(`failed ${key}: ${error}`);
    }
  }
  return summary;
}
