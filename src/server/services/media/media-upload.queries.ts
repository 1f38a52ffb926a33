/** NOTE: the SQL behind the post-upload rules (media-upload.service.ts). */
import { eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/transaction.ts';
import { media, users } from '../../db/schema/index.ts';

/** Bytes of post files a person keeps stored (the display file of each post; thumbnails are not counted). */
export async function storedBytes(exec: Executor, userId: number): Promise<number> {
  const [row] = await exec
    .select({ bytes: sql<string>`coalesce(sum(${media.fileBytes}), 0)` })
    .from(media)
    .where(eq(media.userId, userId));
  return Number(row?.bytes ?? 0);
}

/**
 * Locks the uploader's row until `tx` ends, so one person's posts are checked against the quota and written one at
 * a time: each check counts what the one before it stored. The lock lets foreign keys to the row through.
 */
export async function lockUploader(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
