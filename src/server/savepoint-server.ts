/**
 * NOTE: one Savepoint server instance: database, services, bus, API, sockets and pages wired once.
 * `main.ts` runs one per process; tests start several (each with its own DATA_DIR or database).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createBackend, isApiPath, type BackendHooks } from './backend.ts';
import type { Config } from './config.ts';
import { createPageLookup } from './http/page-lookup.ts';
import { createPagePreload } from './http/page-preload.ts';
import { createPageHandler } from './http/pages.ts';
import { createRequestTracker } from './http/draining.ts';
import { HSTS } from './http/security-headers.ts';
import { createStaticFiles } from './http/static-files.ts';
import type { Logger } from './logger.ts';
import { attachRealtime } from './realtime/attach.ts';
import { readBuildInfo } from '../build/build-info.ts';
import { assetsSource } from '../shared/assets-url.ts';
import { socketPresence } from './realtime/presence.ts';

const HOUSEKEEPING_MS = 60 * 60_000;
/**
 * How long an idle keep-alive connection stays open: longer than the proxies in front keep theirs (nginx's upstream
 * pool 60 s, Caddy 2 min, cloud load balancers ~60 s). Whoever closes an idle connection races the other side
 * sending its next request on it, which then fails (a 502 from the proxy, a reset for a client): the proxy, which
 * knows when it sends, must be the one to close. Node's default is 5 s.
 */
export const KEEP_ALIVE_MS = 125_000;

/** The pages name ASSETS_URL in every script tag and policy: a build made for another one would load nothing. */
function checkBuild(siteDir: string, assetsUrl: string | undefined) {
  const built = readBuildInfo(siteDir)?.assetsUrl ?? null;
  if (built === (assetsUrl ?? null)) return;
  throw new Error(
    `the site in ${siteDir} was built with ASSETS_URL=${built ?? '(none)'} but ASSETS_URL is ${assetsUrl ?? '(none)'}: ` +
      'run `npm run build` with the same setting (`npm start` rebuilds by itself)',
  );
}

export async function startSavepoint(config: Config, log: Logger, hooks: BackendHooks = {}) {
  const { database, bus, services, identity, api, https, storage, sessionCache } = await createBackend(config, log, hooks);
  if (config.siteDir) checkBuild(config.siteDir, config.assetsUrl);
  const serveStatic = config.siteDir ? createStaticFiles(path.join(config.siteDir, 'client')) : undefined;
  const servePage = config.siteDir
    ? await createPageHandler({
        siteDir: config.siteDir,
        identity,
        publicUrl: config.publicUrl,
        assetsSource: assetsSource(config.assetsUrl),
        preload: createPagePreload(services, log),
        lookup: createPageLookup(services, log),
      })
    : undefined;

  const requests = createRequestTracker();
  const server = http.createServer(async (req, res) => {
    requests.track(res);
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    if (isApiPath(pathname)) return api(req, res);
    try {
      if (serveStatic && (await serveStatic(req, res, pathname))) return;
      if (servePage) return await servePage(req, res, pathname);
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    } catch (err) {
      log.error({ err, url: req.url }, 'page request failed');
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Something went wrong');
      else res.destroy();
    }
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Loaded only when configured, so a single node never loads a Redis client at all.
  const redis = config.redisUrl
    ? await (await import('./realtime/redis-adapter.ts')).connectRealtimeRedis(config.redisUrl, log)
    : undefined;
  const io = attachRealtime({
    httpServer: server,
    identity,
    bus,
    publicUrl: config.publicUrl,
    log,
    typingAudience: services.chatMessages.typingAudience,
    communitiesOf: services.channels.communitiesOf,
    blockVersion: services.blockChanges.version,
    live: services.live,
    adapter: redis?.adapter,
    accepting: () => !requests.draining,
  });
  if (redis) services.health.addCheck('redis', redis.ping);
  // Push fan-outs on this node may now ask who has a tab open (ADR 053).
  services.push?.presence.serve(socketPresence(io));
  // Every answer (API, files, pages, errors, socket.io's own) tells browsers to stay on https. Prepended after
  // socket.io has wrapped the request listeners, so it runs before both.
  if (https) server.prependListener('request', (_req, res) => res.setHeader('Strict-Transport-Security', HSTS));

  const housekeeping = setInterval(() => {
    void Promise.all([services.sessions.purgeExpired(), services.limiter.purgeExpired()]).catch((err: unknown) =>
      log.warn({ err }, 'housekeeping failed'),
    );
  }, HOUSEKEEPING_MS);
  housekeeping.unref();

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (err) {
    clearInterval(housekeeping);
    await io.close().catch(() => {});
    await redis?.close();
    await storage.close();
    await database.close();
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  const origin = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  log.info({ url: origin }, 'Savepoint is listening');

  let closing: Promise<void> | undefined;
  return {
    port,
    origin,
    services,
    bus,
    io,
    database,
    /** `settle()` waits until this node has heard every session or user change committed so far (by anyone). */
    sessionCache,
    close: () =>
      (closing ??= (async () => {
        clearInterval(housekeeping);
        // Not ready first: a load balancer asking over a kept-alive connection stops sending work here.
        services.health.startDraining();
        const cut = await requests.drain(server, config.shutdownGraceMs);
        if (cut > 0)
          log.warn({ requests: cut, graceMs: config.shutdownGraceMs }, 'shutdown deadline passed: cutting off requests still running');
        // Sockets only now: an upload's progress events still reach its page while it runs. io.close() drops each
        // socket as a transport close, which clients reconnect on (to another node), with their recovery sessions
        // saved through Redis. What still runs is cut; io.close() then resolves once every connection is gone.
        await services.live.stop();
        // With its sockets gone this node would see nobody online: its push fan-outs fail and run elsewhere.
        services.push?.presence.stop();
        const ioClosed = io.close().catch(() => {});
        server.closeAllConnections();
        await ioClosed;
        await redis?.close();
        await storage.close();
        await database.close();
      })()),
  };
}

export type SavepointServer = Awaited<ReturnType<typeof startSavepoint>>;
