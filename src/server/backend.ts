/**
 * NOTE: everything behind the http layer, wired once per server instance: database, bus, services,
 * identity, and the API request listener. Production (savepoint-server.ts) and `npm run dev` both use it.
 */
import { getRequestListener } from '@hono/node-server';
import path from 'node:path';
import { createApi } from './api/app.ts';
import { cookieNames } from './auth/cookies.ts';
import { createIdentityResolver } from './auth/identity.ts';
import { createUploadSlots } from './auth/upload-slots.ts';
import { loadSessionSecret } from './auth/secrets.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import type { Logger } from './logger.ts';
import { createEventBus } from './services/event-bus.ts';
import { createServices } from './services/index.ts';
import { createDiskStorage } from './storage/disk-storage.ts';

export async function createBackend(config: Config, log: Logger) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  try {
    const bus = createEventBus();
    const secret = await loadSessionSecret(config.sessionSecret, config.dataDir);
    const storage = await createDiskStorage(path.join(config.dataDir, 'media'));
    const services = createServices(database.db, bus, { storage, secret, limits: config.mediaLimits });
    const https = config.publicUrl?.protocol === 'https:';
    const identity = createIdentityResolver({ sessions: services.sessions, secret, names: cookieNames(https) });
    const guards = {
      limiter: services.limiter,
      slots: createUploadSlots(database.db, config.uploadConcurrency),
      limits: config.writeLimits,
      uploadConcurrency: config.uploadConcurrency,
    };
    const api = getRequestListener(createApi({ services, identity, log, trustProxy: config.trustProxy, guards }).fetch);
    return { database, bus, services, identity, api, https };
  } catch (err) {
    await database.close();
    throw err;
  }
}

export type Backend = Awaited<ReturnType<typeof createBackend>>;

export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
