/**
 * NOTE: the media pipeline's job (ADR 051): a video post is stored as uploaded and `processing`, with a job on the
 * queue in the same transaction; a worker on any node turns it into what is served (video/process-video.ts), swaps
 * the files and makes the post `ready`, or deletes it and tells its author why. Rules:
 * - a run may repeat (a retry, a node killed mid-way): it starts from the uploaded file, which stays until the
 *   post is ready, and the post changes only while it is still `processing`;
 * - deleting the post stops the run at its next progress report (every REPORT_MS) and its files go; a run that
 *   finishes after the deletion removes what it made;
 * - `upload_progress` keeps the spec's meaning: `uploading: false` with the `media_id` only once the post can be
 *   watched; while it processes, `uploading: true` with `processing` (0-100); a refusal with `error`.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { MediaLimits } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import { HEARTBEAT_SECONDS, type JobQueue } from '../../jobs/job-queue.ts';
import type { Logger } from '../../logger.ts';
import { newKey, type MediaStorage } from '../../storage/media-storage.ts';
import { ServiceError } from '../../errors.ts';
import { refusal } from '../../video/plan.ts';
import { probeVideo, type VideoFormat } from '../../video/probe.ts';
import { processVideo, wallTimeMs, type ProcessedVideo } from '../../video/process-video.ts';
import type { VideoTools } from '../../video/tools.ts';
import type { EventBus } from '../event-bus.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { removeStoredFiles } from './post-removal.service.ts';
import { deleteProcessing, markReady, processingPost, recordProgress, type ProcessingPost } from './video-processing.queries.ts';

export const VIDEO_QUEUE = 'media-video';
export const GAVE_UP_QUEUE = 'media-video-given-up';
export type VideoJob = { mediaId: number };
/** What the pipeline needs beyond the services: the queue, the tools (null: none on this machine), its threads. */
export type VideoPipeline = { queue: JobQueue; tools: VideoTools | null; log: Logger; threads: number };

const REPORT_MS = 2_000;
type Tell = (() => void) | null;
const RETRIES = 3;
export const NO_TOOLS = 'This server cannot take videos at the moment: its video tools are missing. Photos can still be posted.';
const GAVE_UP = 'This video could not be processed because of a problem on our side. Please try posting it again.';

export function createVideoProcessing(deps: {
  db: Db;
  bus: EventBus;
  storage: MediaStorage;
  notifications: NotificationsService;
  limits: MediaLimits;
  pipeline: VideoPipeline;
}) {
  const { db, bus, storage, notifications, limits, pipeline: p } = deps;
  const settings = { maxSeconds: limits.videoSeconds, threads: p.threads };

  async function download(key: string, file: string): Promise<boolean> {
    if (!(await storage.stat(key))) return false;
    await pipeline(await storage.read(key), createWriteStream(file, { flags: 'wx' }));
    return true;
  }

  /**
   * The post goes with every file it has, and its author learns why. Both this and `publish` answer how to tell the
   * author's screens, which the run does once its work files are gone too: when they hear, nothing is left.
   */
  async function refuse(post: ProcessingPost, reason: string): Promise<Tell> {
    const keys = await transaction(db, (tx) => deleteProcessing(tx, post.id));
    if (!keys) return null; // deleted meanwhile: nothing to tell
    await removeStoredFiles(storage, keys);
    await notifications.notify(post.userId, 'post_failed', { message: reason });
    return () => bus.toUsers([post.userId], 'upload_progress', { uploading: false, media_id: post.id, processed: true, error: reason });
  }

  async function publish(post: ProcessingPost, video: ProcessedVideo): Promise<Tell> {
    const keys = { fileKey: newKey('mp4'), posterKey: newKey('webp'), thumbKey: newKey('webp') };
    const made: string[] = [];
    try {
      // Measured here, before the file moves into storage (a bucket would cost a request to ask).
      const fileBytes = (await stat(video.file)).size;
      await storage.putFile(keys.fileKey, video.file);
      made.push(keys.fileKey);
      await storage.put(keys.posterKey, video.poster);
      made.push(keys.posterKey);
      await storage.put(keys.thumbKey, video.thumb);
      made.push(keys.thumbKey);
      const files = {
        ...keys,
        fileBytes,
        placeholder: video.placeholder,
        width: video.width,
        height: video.height,
        durationMs: Math.round(video.duration * 1000),
      };
      if (!(await transaction(db, (tx) => markReady(tx, post.id, files)))) throw new Error('gone');
    } catch (err) {
      await removeStoredFiles(storage, made);
      if ((err as Error).message === 'gone') return null;
      throw err;
    }
    await storage.remove(post.fileKey); // the upload; the served file is the processed one
    return () => bus.toUsers([post.userId], 'upload_progress', { uploading: false, media_id: post.id, processed: true });
  }

  return {
    /**
     * Reads an uploaded video before it is stored: refuses (415, 413) what can never be posted, with the reason;
     * answers its length in seconds (null when the file does not say).
     */
    async check(file: string, format: VideoFormat): Promise<number | null> {
      if (!p.tools) throw new ServiceError(415, NO_TOOLS);
      const probe = await probeVideo(p.tools.ffprobe, file, format);
      const reason = refusal(probe, limits.videoSeconds);
      if (reason) throw new ServiceError(probe?.video ? 413 : 415, reason);
      return probe!.duration;
    },

    /** Queues the post's processing as part of `tx` (the transaction writing its row), as job `jobId`. */
    async enqueue(tx: Tx, mediaId: number, jobId: string, seconds: number | null): Promise<void> {
      // Past ffmpeg's own limit: the copy in and out, two probes and the poster (each with limits of their own).
      const expireInSeconds = Math.ceil(wallTimeMs(seconds ?? limits.videoSeconds) / 1000) + 600;
      await p.queue.send<VideoJob>(VIDEO_QUEUE, { mediaId }, { tx, id: jobId, expireInSeconds });
    },

    /**
     * The queues: a job is retried with backoff, and failed (then retried) when its worker stops beating (a node
     * killed mid-way); one that failed every time lands in GAVE_UP_QUEUE, whose job deletes the post and says so.
     */
    async define(): Promise<void> {
      // `notify`: a job queued on any node wakes an idle worker at once (LISTEN/NOTIFY), not at its next poll.
      const kept = { deleteAfterSeconds: 7 * 86_400, notify: true };
      await p.queue.define(GAVE_UP_QUEUE, { ...kept, retryLimit: RETRIES });
      await p.queue.define(VIDEO_QUEUE, {
        ...kept,
        retryLimit: RETRIES,
        retryDelay: 5,
        retryBackoff: true,
        heartbeatSeconds: HEARTBEAT_SECONDS,
        deadLetter: GAVE_UP_QUEUE,
      });
    },

    /** The job of a video every attempt failed on. */
    async giveUp(job: { data: VideoJob }): Promise<void> {
      const post = await processingPost(db, job.data.mediaId);
      if (post) (await refuse(post, GAVE_UP))?.();
    },

    /** Whether this node can process videos (it has the tools): only then does it take jobs. */
    canProcess: () => p.tools !== null,

    /** One job: the handler the queue calls (safe to run again). */
    async run(job: { data: VideoJob; retryCount: number }, signal: AbortSignal): Promise<void> {
      const post = await processingPost(db, job.data.mediaId);
      if (!post) return;
      if (!p.tools) throw new Error('no video tools on this node');
      const workDir = path.join(storage.spoolDir, `video-${randomUUID()}`);
      const gone = new AbortController();
      const stop = AbortSignal.any([signal, gone.signal]);
      let reported = 0;
      const onProgress = (percent: number) => {
        if (Date.now() - reported < REPORT_MS) return;
        reported = Date.now();
        void recordProgress(db, post.id, percent).then(
          (exists) =>
            exists
              ? bus.toUsers([post.userId], 'upload_progress', { uploading: true, media_id: post.id, processing: percent })
              : gone.abort(),
          () => {},
        );
      };
      let tell: Tell = null;
      try {
        await mkdir(workDir, { recursive: true, mode: 0o700 });
        const input = path.join(workDir, 'in');
        p.log.info({ mediaId: post.id, attempt: job.retryCount }, 'video processing');
        // Missing here: a node whose disk is not the one that took the upload (several nodes need one bucket,
        // ADR 030). Retried, maybe on the right node; given up after the last attempt.
        if (!(await download(post.fileKey, input))) throw new Error(`the upload ${post.fileKey} is not in this node's storage`);
        const outcome = await processVideo(p.tools, input, workDir, settings, { format: post.format, signal: stop, onProgress });
        if ('refused' in outcome) {
          p.log.info({ mediaId: post.id, reason: outcome.refused, detail: outcome.detail }, 'video refused');
          tell = await refuse(post, outcome.refused);
        } else {
          const { kind, width, height } = outcome.done;
          p.log.info({ mediaId: post.id, kind, width, height }, 'video processed');
          tell = await publish(post, outcome.done);
        }
      } catch (err) {
        if (gone.signal.aborted && !signal.aborted) return; // deleted while it ran: nothing is left to do
        p.log.warn({ err, mediaId: post.id, attempt: job.retryCount }, 'video processing failed');
        throw err; // retried; after the last attempt, giveUp
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
      tell?.();
    },
  };
}

export type VideoProcessing = ReturnType<typeof createVideoProcessing>;
