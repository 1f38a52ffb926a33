import type { Server as HttpServer } from 'node:http';
import type { ViteDevServer } from 'vite';
import { createBackend, isApiPath } from '../backend.ts';
import { loadConfig } from '../config.ts';
import { pageLocalsFor } from '../http/page-locals.ts';
import { createPageLookup } from '../http/page-lookup.ts';
import { createPagePreload } from '../http/page-preload.ts';
import { createLogger } from '../logger.ts';
import { attachRealtime } from '../realtime/attach.ts';
import { socketPresence } from '../realtime/presence.ts';

export async function startDevBackend(vite: ViteDevServer): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const { database, bus, services, identity, api } = await createBackend(config, log);
  if (vite.httpServer) {
    const { typingAudience } = services.chatMessages;
    const blockVersion = services.blockChanges.version;
    const httpServer = vite.httpServer as HttpServer;
    const io = attachRealtime({
      httpServer,
      identity,
      bus,
      publicUrl: config.publicUrl,
      log,
      typingAudience,
      blockVersion,
      live: services.live,
      communitiesOf: services.channels.communitiesOf,
    });
    services.push?.presence.serve(socketPresence(io));
  }
  const pageOpts = {
    publicUrl: config.publicUrl,
    preload: createPagePreload(services, log),
    lookup: createPageLookup(services, log),
  };
  vite.middlewares.use(async (req, res, next) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (isApiPath(pathname)) return void api(req, res);
    if (pathname.startsWith('/@') || pathname.startsWith('/node_modules/') || pathname.startsWith('/src/')) return next();
    const who = await identity.resolve(req.headers.cookie);
    for (const cookie of who.setCookies) res.appendHeader('Set-Cookie', cookie);
    Reflect.set(req, Symbol.for('astro.locals'), pageLocalsFor(req, pathname, who, pageOpts));
    next();
  });
  const shutdown = () => void database.close().finally(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
