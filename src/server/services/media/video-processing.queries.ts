/** NOTE: the SQL of the media pipeline's job (video-processing.service.ts): a processing post, read and settled. */
import { and, eq } from 'drizzle-orm';
import { media } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';

export type ProcessingPost = { id: number; userId: number; fileKey: string };

/** The post while it still waits for processing, or null (deleted, or already processed by an earlier run). */
export async function processingPost(exec: Executor, id: number): Promise<ProcessingPost | null> {
  const [row] = await exec
    .select({ id: media.id, userId: media.userId, fileKey: media.fileKey })
    .from(media)
    .where(and(eq(media.id, id), eq(media.status, 'processing')));
  return row ?? null;
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
