/** NOTE: the SQL behind the post-upload rules (media-upload.service.ts). */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { media } from '../../db/schema/index.ts';

/** Bytes of post files a person keeps stored (the display file of each post; thumbnails are not counted). */
export async function storedBytes(exec: Executor, userId: number): Promise<number> {
  const [row] = await exec
    .select({ bytes: sql<string>`coalesce(sum(${media.fileBytes}), 0)` })
    .from(media)
    .where(eq(media.userId, userId));
  return Number(row?.bytes ?? 0);
}
