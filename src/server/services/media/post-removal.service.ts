/**
 * NOTE: the one way a post goes, whether its author deletes it or a moderator removes it: the row (its likes and
 * comments cascade) inside the caller's transaction, then its files once that committed — never before, so a
 * rolled-back removal never leaves a post without its file. A file that is already gone is not an error.
 */
import { and, eq } from 'drizzle-orm';
import { media } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';

/** Every file a post row names (the served file, its thumbnail, a video's poster): select these, then `keysOfPosts`. */
export const postFileColumns = { file: media.fileKey, thumb: media.thumbKey, poster: media.posterKey };
export const keysOfPosts = (rows: Array<{ file: string; thumb: string | null; poster: string | null }>): string[] =>
  rows.flatMap((r) => [r.file, r.thumb, r.poster]).filter((k): k is string => k !== null);

/** Deletes the post (only when `authorId` wrote it, if given); answers its file keys, or null when none went. */
export async function deletePostRow(exec: Executor, id: number, authorId?: number): Promise<string[] | null> {
  const rows = await exec
    .delete(media)
    .where(and(eq(media.id, id), authorId === undefined ? undefined : eq(media.userId, authorId)))
    .returning(postFileColumns);
  return rows.length > 0 ? keysOfPosts(rows) : null;
}

/** Removes stored files (a post's, a chat image's) after the rows naming them are gone. */
export async function removeStoredFiles(storage: MediaStorage, keys: string[]): Promise<void> {
  // A few at a time: a deleted community may name millions (all at once would run out of file handles or sockets).
  for (let i = 0; i < keys.length; i += REMOVE_AT_ONCE) {
    await Promise.all(keys.slice(i, i + REMOVE_AT_ONCE).map((key) => storage.remove(key)));
  }
}

const REMOVE_AT_ONCE = 32;
