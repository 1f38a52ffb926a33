/**
 * NOTE: everything behind the http layer, wired once per server instance: database, bus, services,
 * identity, and the API request listener. Production (savepoint-server.ts) and `npm run dev` both use it.
 */
import { getRequestListener } from '@hono/node-server';
import path from 'node:path';
import { createApi } from './api/app.ts';
import { withFastVerify } from './api/fast-verify.ts';
import { cookieNames } from './auth/cookies.ts';
import { createIdentityResolver } from './auth/identity.ts';
import { createSessionCache, listenForSessionChanges } from './auth/session-cache.ts';
import { createUploadSlots } from './auth/upload-slots.ts';
import { loadSessionSecret } from './auth/secrets.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import type { Logger } from './logger.ts';
import { createEventBus } from './services/event-bus.ts';
import { FEED_CHANNEL } from './services/media/feed-cache.service.ts';
import { createServices } from './services/index.ts';
import { createDiskStorage } from './storage/disk-storage.ts';
import { createS3Storage } from './storage/s3-storage.ts';
import { createJobQueue, type Clock, type JobQueue } from './jobs/job-queue.ts';
import { startMediaWorkers, VIDEO_THREADS } from './jobs/media-workers.ts';
import { startLfgWorkers } from './jobs/lfg-workers.ts';
import { startPushWorkers } from './jobs/push-workers.ts';
import { createPush, type Push } from './services/push/push.service.ts';
import { findVideoTools } from './video/tools.ts';

/** What only tests set: `jobClock` drives the job queue's time (pg-boss's TestClock), for timed jobs. */
export type BackendHooks = { jobClock?: Clock };

export async function createBackend(config: Config, log: Logger, hooks: BackendHooks = {}) {
  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  let stopListening: (() => Promise<void>) | undefined;
  let queue: JobQueue | undefined;
  let push: Push | undefined;
  // The listener and the job queue (its running jobs stopped, to be retried; the pushes gathered queued first) close
  // before the pool and the embedded cluster they share settings with.
  const database = {
    ...opened,
    close: async () => (await stopListening?.(), await push?.dispatch.stop(), await queue?.stop(), push?.close(), await opened.close()),
  };
  try {
    const sessionCache = createSessionCache(log);
    const bus = createEventBus();
    const secret = await loadSessionSecret(config.sessionSecret, config.dataDir);
    const mediaDir = path.join(config.dataDir, 'media');
    // With a bucket, uploads still arrive in a local spool (the same folder the disk driver would use).
    const storage = config.s3 ? await createS3Storage(config.s3, path.join(mediaDir, '.spool')) : await createDiskStorage(mediaDir);
    queue = await createJobQueue({ connection: opened.connection, log, clock: hooks.jobClock });
    const tools = await findVideoTools(config.videoTools, log);
    // Which ffmpeg processes video, for the operator (the README recommends the distribution's).
    if (tools) log.info({ source: tools.source, version: tools.version, ffmpeg: tools.ffmpeg }, 'video tools');
    const pipeline = { queue, tools, log, threads: VIDEO_THREADS };
    push = await createPush({
      db: database.db,
      bus,
      queue,
      log,
      settings: config.push,
      dataDir: config.dataDir,
      severalNodes: Boolean(config.redisUrl),
    });
    const services = createServices(database.db, bus, { storage, secret, limits: config.mediaLimits, pipeline }, sessionCache, push);
    await startMediaWorkers(queue, services.videos!, config.mediaWorkers);
    await startLfgWorkers(queue, services.lfgSchedule!);
    await startPushWorkers(queue, push);
    const { feedCache, blockChanges, live } = services;
    // The feed channel also carries block changes, which the typing relay's cache follows (block-changes.service.ts),
    // and what open pages follow live (live-updates.service.ts).
    stopListening = await listenForSessionChanges(opened.pool, sessionCache, log, {
      channel: FEED_CHANNEL,
      heard(payload) {
        feedCache.heard(payload);
        blockChanges.heard(payload);
        live.heard(payload);
      },
      setListening(on) {
        feedCache.setListening(on);
        blockChanges.setListening(on);
      },
    });
    const https = config.publicUrl?.protocol === 'https:';
    const identity = createIdentityResolver({ sessions: services.sessions, secret, names: cookieNames(https) });
    const guards = {
      limiter: services.limiter,
      slots: createUploadSlots(database.db, config.uploadConcurrency),
      limits: config.writeLimits,
      uploadConcurrency: config.uploadConcurrency,
    };
    const routed = getRequestListener(createApi({ services, identity, log, trustProxy: config.trustProxy, guards, sessionCache }).fetch);
    const api = withFastVerify(routed, { identity, log });
    return { database, bus, services, identity, api, https, storage, sessionCache };
  } catch (err) {
    await database.close();
    throw err;
  }
}

export type Backend = Awaited<ReturnType<typeof createBackend>>;

export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
