/** NOTE: the SQL of the media pipeline's job (video-processing.service.ts): a processing post, read and settled. */
import { and, count, eq } from 'drizzle-orm';
import { media } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';
import type { VideoFormat } from '../../video/probe.ts';
import { keysOfPosts, postFileColumns } from './post-removal.service.ts';

export type ProcessingPost = { id: number; userId: number; fileKey: string; format: VideoFormat };

/** The post while it still waits for processing, or null (deleted, or already processed by an earlier run). */
export async function processingPost(exec: Executor, id: number): Promise<ProcessingPost | null> {
  const [row] = await exec
    .select({ id: media.id, userId: media.userId, fileKey: media.fileKey, mime: media.fileMime })
    .from(media)
    .where(and(eq(media.id, id), eq(media.status, 'processing')));
  return row ? { id: row.id, userId: row.userId, fileKey: row.fileKey, format: row.mime === 'video/webm' ? 'webm' : 'mp4' } : null;
}

/** Deletes the post if it is still processing (never one another run made ready); answers its file keys or null. */
export async function deleteProcessing(exec: Executor, id: number): Promise<string[] | null> {
  const rows = await exec
    .delete(media)
    .where(and(eq(media.id, id), eq(media.status, 'processing')))
    .returning(postFileColumns);
  return rows.length > 0 ? keysOfPosts(rows) : null;
}

/** How many of the person's videos are processing (under the uploader's lock: media-upload.queries.ts). */
export async function processingCount(exec: Executor, userId: number): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(media)
    .where(and(eq(media.userId, userId), eq(media.status, 'processing')));
  return row?.n ?? 0;
}

/** Records progress; false when the post is gone (deleted while it processed: the job stops). */
export async function recordProgress(exec: Executor, id: number, percent: number): Promise<boolean> {
  const rows = await exec
    .update(media)
    .set({ progress: percent })
    .where(and(eq(media.id, id), eq(media.status, 'processing')))
    .returning({ id: media.id });
  return rows.length > 0;
}

export type ProcessedFiles = {
  fileKey: string;
  fileBytes: number;
  posterKey: string;
  thumbKey: string;
  placeholder: string;
  width: number;
  height: number;
  durationMs: number;
};

/** Makes the post ready with its processed files; false when it is gone (its new files must then go). */
export async function markReady(exec: Executor, id: number, files: ProcessedFiles): Promise<boolean> {
  const rows = await exec
    .update(media)
    .set({ ...files, fileMime: 'video/mp4', status: 'ready', progress: null, jobId: null })
    .where(and(eq(media.id, id), eq(media.status, 'processing')))
    .returning({ id: media.id });
  return rows.length > 0;
}
