/**
 * NOTE: this node's share of the media pipeline (ADR 051): `MEDIA_WORKERS` videos at a time (0: this node only
 * queues them, others process), each with VIDEO_THREADS threads, and the job that ends what every attempt failed on.
 */
import os from 'node:os';
import { GAVE_UP_QUEUE, VIDEO_QUEUE, type VideoJob, type VideoProcessing } from '../services/media/video-processing.service.ts';
import type { JobQueue } from './job-queue.ts';

/** Threads per ffmpeg: the machine's cores, so one transcode finishes as soon as it can (it runs below requests). */
export const VIDEO_THREADS = Math.max(1, os.availableParallelism());

export async function startMediaWorkers(queue: JobQueue, videos: VideoProcessing, workers: number): Promise<void> {
  await videos.define();
  // Without ffmpeg here, the jobs are left to the nodes that have it (retried here, each would fail).
  if (workers === 0 || !videos.canProcess()) return;
  await queue.work<VideoJob>(VIDEO_QUEUE, workers, (job, signal) => videos.run(job, signal));
  await queue.work<VideoJob>(GAVE_UP_QUEUE, 1, (job) => videos.giveUp(job));
}
