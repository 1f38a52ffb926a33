/**
 * NOTE: one post upload from first byte to committed row (ADR 015, 020). The route calls `begin(userId)` as the
 * request arrives (which pushes `upload_progress {uploading: true}`), hands `receive` to the multipart reader as
 * its sink, then calls `finish(file, caption)` or, on any failure, `abort(err)`. Guarantees:
 * nothing is stored and no file is left behind unless `finish` returns; the uploader's sockets always hear the end;
 * a file that would take the person past their quota is refused while it streams (each kind's limit too), and
 * checked again as its row is written, under a lock on the person's row, so uploads running together cannot pass
 * the quota between them (the later ones get the same 413).
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { MediaItem } from '../../../shared/api-types.ts';
import type { MediaLimits } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import { makeImageVariants, UNSUPPORTED_MEDIA } from '../../storage/image-variants.ts';
import { newKey, type MediaStorage } from '../../storage/media-storage.ts';
import { placeholderOf } from '../../storage/placeholder.ts';
import { isVideoType, type MediaFileType } from '../../uploads/magic-bytes.ts';
import { spool, type Spooled } from '../../uploads/spool.ts';
import { videoStructureCheck } from '../../uploads/video-structure.ts';
import { isForeignKeyViolation, transaction, type Tx } from '../../db/transaction.ts';
import { ServiceError, badRequest } from '../../errors.ts';
import type { EventBus } from '../event-bus.ts';
import type { MediaItems } from './media-items.queries.ts';
import { gameBySlug } from '../games/games.queries.ts';
import { lockUploader, storedBytes } from './media-upload.queries.ts';
import { touchCommunity } from '../communities/communities.queries.ts';
import { lockMembership } from '../communities/community-posts.queries.ts';
import { MEMBERS_POST } from '../communities/community-posts.service.ts';
import { NO_TOOLS, type VideoProcessing } from './video-processing.service.ts';
import { processingCount } from './video-processing.queries.ts';

/** Videos one person may have processing at once. */
export const PROCESSING_MAX = 3;
const PROCESSING_FULL = `You have ${PROCESSING_MAX} videos being prepared. Post this one when one of them is ready.`;

export type ReceivedMedia = Spooled & { type: MediaFileType };
/** The game a post is tagged with, and the slug it was named by (looked up again if the game is merged away). */
export type TaggedGame = { id: number; slug: string };
/** Where a post goes: the game it is tagged with, and the community it is shared into (a member's), each or none. */
export type PostPlace = { game: TaggedGame | null; communityId: number | null };

const megabytes = (bytes: number) => `${Math.round(bytes / 2 ** 20).toLocaleString('en-US')} MB`;
/** Like `megabytes`, with a decimal below 10 MB (so a small amount used or left does not read as 0 MB). */
const usage = (bytes: number) =>
  bytes < 10 * 2 ** 20 ? `${(Math.floor((bytes / 2 ** 20) * 10) / 10).toLocaleString('en-US')} MB` : megabytes(bytes);

export function quotaFullMessage(used: number, limits: MediaLimits): string {
  return `Your storage is full: your posts use ${usage(used)} of your ${megabytes(limits.quotaBytes)}. Delete some posts to upload more.`;
}

export function overQuotaMessage(used: number, limits: MediaLimits): string {
  const left = Math.max(limits.quotaBytes - used, 0);
  return `This file does not fit in your storage: your posts use ${usage(used)} of your ${megabytes(limits.quotaBytes)}, so ${usage(left)} is left. Delete some posts to make room.`;
}

/** The 413 text for a file of this type (null: not known yet), e.g. 'Videos must be at most 200 MB'. */
export function tooLargeMessage(type: MediaFileType | null, limits: MediaLimits): string {
  if (type === null) return `Uploads must be at most ${megabytes(Math.max(limits.imageBytes, limits.videoBytes))}`;
  return isVideoType(type)
    ? `Videos must be at most ${megabytes(limits.videoBytes)}`
    : `Photos must be at most ${megabytes(limits.imageBytes)}`;
}

export function createMediaUploads(deps: {
  db: Db;
  bus: EventBus;
  storage: MediaStorage;
  items: MediaItems;
  limits: MediaLimits;
  /** The media pipeline; without it (tools that run no queue) videos are refused. */
  videos: VideoProcessing | null;
}) {
  const { db, bus, storage, items, limits, videos } = deps;

  /**
   * Writes the row. A game merged away while the file was processed fails the foreign key (the merge locks and then
   * deletes its row): its slug now names the game it went into, so that is the tag. A tagged row is tried in a
   * savepoint, so that failure leaves `tx` usable.
   */
  async function insertRow(tx: Tx, values: typeof media.$inferInsert, game: TaggedGame | null): Promise<number> {
    const insert = async (into: Tx, gameId = values.gameId) => {
      const [row] = await into
        .insert(media)
        .values({ ...values, gameId })
        .returning({ id: media.id });
      return row!.id;
    };
    if (!game) return insert(tx);
    try {
      return await tx.transaction((savepoint) => insert(savepoint));
    } catch (err) {
      if (!isForeignKeyViolation(err)) throw err;
      const now = await gameBySlug(tx, game.slug);
      if (!now) throw badRequest('Game not found (form field "game")');
      return insert(tx, now.id);
    }
  }

  async function store(userId: number, file: ReceivedMedia, caption: string, place: PostPlace): Promise<number> {
    const { game, communityId } = place;
    const gameId = game?.id ?? null;
    const written: string[] = [];
    try {
      let values: typeof media.$inferInsert;
      let seconds: number | null = null;
      if (isVideoType(file.type)) {
        // Refused now if it can never be posted (no picture, too long, too large): its author hears at once.
        if (!videos) throw new ServiceError(415, NO_TOOLS);
        seconds = await videos.check(file.path, file.type);
        const fileKey = newKey(file.type);
        await storage.putFile(fileKey, file.path);
        written.push(fileKey);
        const fileMime = file.type === 'mp4' ? 'video/mp4' : 'video/webm';
        // Kept as uploaded until the pipeline has made what is served (ADR 051); its job is queued with the row.
        const jobId = randomUUID();
        values = {
          userId,
          mediaType: 'video',
          caption,
          fileKey,
          fileMime,
          fileBytes: file.bytes,
          gameId,
          communityId,
          status: 'processing',
          progress: 0,
          jobId,
        };
      } else {
        const variants = await makeImageVariants(file.path, file.type);
        const [fileKey, thumbKey] = [newKey('webp'), newKey('webp')];
        await storage.put(fileKey, variants.display);
        written.push(fileKey);
        await storage.put(thumbKey, variants.thumb);
        written.push(thumbKey);
        const { width, height, mime: fileMime } = variants;
        const placeholder = await placeholderOf(variants.display);
        values = {
          userId,
          mediaType: 'image',
          caption,
          fileKey,
          fileMime,
          fileBytes: variants.display.length,
          thumbKey,
          width,
          height,
          placeholder,
          gameId,
          communityId,
        };
      }
      // The file was checked against the room left when the upload began; uploads running beside it may have used
      // that room since. Checked again and written under the lock on the person's row: one upload at a time.
      const fileBytes = values.fileBytes;
      return await transaction(db, async (tx) => {
        await lockUploader(tx, userId);
        const used = await storedBytes(tx, userId);
        if (used + fileBytes > limits.quotaBytes) throw new ServiceError(413, overQuotaMessage(used, limits));
        // One person's videos take turns on the shared workers: a few at a time, the rest after them.
        if (values.jobId && (await processingCount(tx, userId)) >= PROCESSING_MAX) throw new ServiceError(429, PROCESSING_FULL);
        if (communityId !== null) {
          // Still a member now (a kick or ban since the upload began refuses it), and held so until the commit.
          if (!(await lockMembership(tx, communityId, userId))) throw new ServiceError(403, MEMBERS_POST);
          await touchCommunity(tx, communityId);
        }
        const id = await insertRow(tx, values, game);
        if (values.jobId) await videos!.enqueue(tx, id, values.jobId, seconds);
        return id;
      });
    } catch (err) {
      await Promise.all(written.map((key) => storage.remove(key)));
      throw err;
    }
  }

  return {
    begin(userId: number) {
      // Looked up while the first bytes arrive (reading must not wait on the database); `receive` waits for it.
      const quota = storedBytes(db, userId).then((used) => ({ used, room: limits.quotaBytes - used }));
      quota.catch(() => {});
      bus.toUsers([userId], 'upload_progress', { uploading: true });
      const spooled: string[] = [];
      let inFlight: { source: Readable; done: Promise<unknown> } | null = null;
      // Spooled files were moved into storage (videos) or read by sharp (photos): whatever is still there goes.
      const cleanUp = () => Promise.all(spooled.map((file) => rm(file, { force: true })));

      return {
        /** The multipart sink: streams the file to the spool through its kind's limit, the quota and checks. */
        receive(source: Readable, type: MediaFileType): Promise<ReceivedMedia> {
          const video = isVideoType(type);
          const kindMax = video ? limits.videoBytes : limits.imageBytes;
          const checks = video ? [videoStructureCheck(type, () => new ServiceError(415, UNSUPPORTED_MEDIA))] : [];
          // One promise from the start, so `abort` always waits for whatever this becomes.
          const done = quota.then(async ({ used, room }) => {
            if (room <= 0) throw new ServiceError(413, quotaFullMessage(used, limits));
            const message = kindMax <= room ? tooLargeMessage(type, limits) : overQuotaMessage(used, limits);
            const file = await spool(storage.spoolDir, source, checks, Math.min(kindMax, room), () => new ServiceError(413, message));
            spooled.push(file.path);
            return { ...file, type };
          });
          inFlight = { source, done };
          return done;
        },

        /** `place`: the game the post is tagged with and the community it goes into (both looked up when it began). */
        async finish(file: ReceivedMedia, caption: string, place: PostPlace = { game: null, communityId: null }): Promise<MediaItem> {
          try {
            const id = await store(userId, file, caption, place);
            const item = (await items.one(userId, id))!;
            // A video is not watchable yet: its `uploading: false` comes from the pipeline (ADR 051).
            if (item.status === 'ready') bus.toUsers([userId], 'upload_progress', { uploading: false, media_id: id });
            return item;
          } finally {
            await cleanUp();
          }
        },

        /** After a failure anywhere: stops the stream still being written, removes every spooled file, tells the sockets. */
        async abort(err: unknown): Promise<void> {
          if (inFlight) {
            inFlight.source.destroy(new Error('upload aborted'));
            await inFlight.done.catch(() => {});
          }
          await cleanUp();
          const message = err instanceof ServiceError ? err.message : 'The upload failed';
          bus.toUsers([userId], 'upload_progress', { uploading: false, error: message });
        },
      };
    },
  };
}

export type MediaUploads = ReturnType<typeof createMediaUploads>;
