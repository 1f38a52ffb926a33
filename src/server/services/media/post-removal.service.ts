/**
 * NOTE: the one way a post goes, whether its author deletes it or a moderator removes it: the row (its likes and
 * comments cascade) inside the caller's transaction, then its files once that committed — never before, so a
 * rolled-back removal never leaves a post without its file. A file that is already gone is not an error.
 */
import { and, eq } from 'drizzle-orm';
import { media } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';

/** Deletes the post (only when `authorId` wrote it, if given); answers its file keys, or null when none went. */
export async function deletePostRow(exec: Executor, id: number, authorId?: number): Promise<string[] | null> {
  const [row] = await exec
    .delete(media)
    .where(and(eq(media.id, id), authorId === undefined ? undefined : eq(media.userId, authorId)))
    .returning({ fileKey: media.fileKey, thumbKey: media.thumbKey });
  return row ? [row.fileKey, row.thumbKey].filter((k) => k !== null) : null;
}

/** Removes stored files (a post's, a chat image's) after the rows naming them are gone. */
export async function removeStoredFiles(storage: MediaStorage, keys: string[]): Promise<void> {
  // A few at a time: a deleted community may name millions (all at once would run out of file handles or sockets).
  for (let i = 0; i < keys.length; i += REMOVE_AT_ONCE) {
    await Promise.all(keys.slice(i, i + REMOVE_AT_ONCE).map((key) => storage.remove(key)));
  }
}

const REMOVE_AT_ONCE = 32;
