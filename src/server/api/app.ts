/**
 * NOTE: the Hono app for /api/*. Routes are thin: validate with a shared schema, call a service, shape the
 * response. Order matters: context → body limit → identity/CSRF → per-person write limits → routes.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { IdentityResolver } from '../auth/identity.ts';
import type { RateLimiter } from '../auth/rate-limiter.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import type { UploadSlots } from '../auth/upload-slots.ts';
import type { WriteLimits } from '../auth/write-buckets.ts';
import type { Logger } from '../logger.ts';
import type { Services } from '../services/index.ts';
import { ServiceError } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { handleError, notFoundResponse } from './errors.ts';
import { identity } from './middleware/identity.ts';
import { requestContext } from './middleware/request-context.ts';
import { writeLimits } from './middleware/write-limits.ts';
import { openApiDocument } from './openapi.ts';
import { accountOperations, accountRoutes } from './routes/account.routes.ts';
import { accountDataOperations, accountDataRoutes } from './routes/account-data.routes.ts';
import { authOperations, authRoutes } from './routes/auth.routes.ts';
import { friendOperations, friendRoutes } from './routes/friends.routes.ts';
import { mediaFileRoutes } from './routes/media-files.routes.ts';
import { mediaOperations } from './routes/media.operations.ts';
import { MEDIA_UPLOAD_ROUTES, mediaRoutes } from './routes/media.routes.ts';
import { CHAT_UPLOAD_ROUTES, chatRoutes } from './routes/chat.routes.ts';
import { chatOperations } from './routes/chat.operations.ts';
import { gameOperations, gameRoutes } from './routes/games.routes.ts';
import { healthOperations, healthRoutes } from './routes/health.routes.ts';
import { peopleOperations, peopleRoutes } from './routes/people.routes.ts';
import { gameModerationOperations, gameModerationRoutes } from './routes/game-moderation.routes.ts';
import { moderationOperations, moderationRoutes } from './routes/moderation.routes.ts';
import { notificationOperations, notificationRoutes } from './routes/notifications.routes.ts';
import { PICTURE_UPLOAD_ROUTES } from './routes/profile-picture.routes.ts';
import { profileOperations, profileRoutes } from './routes/profile.routes.ts';
import { reportOperations, reportRoutes } from './routes/reports.routes.ts';
import { communityOperations } from './routes/communities.operations.ts';
import { COMMUNITY_UPLOAD_ROUTES, communityRoutes } from './routes/communities.routes.ts';
import { lfgOperations } from './routes/lfg.operations.ts';
import { lfgRoutes } from './routes/lfg.routes.ts';
import { pushOperations, pushRoutes } from './routes/push.routes.ts';
import { requestHeader } from './headers.ts';

export const JSON_BODY_LIMIT = 64 * 1024;

/** Per-person limits on writes: requests per minute by bucket, and uploads in flight at once. */
export type WriteGuards = { limiter: RateLimiter; slots: UploadSlots; limits: WriteLimits; uploadConcurrency: number };

/** Writes under these prefixes may change what a post card shows (posts, likes, comments, names, pictures, blocks). */
const CARD_WRITES = /^\/api\/(media|profile|account|moderation)(\/|$)/;

export function createApi(deps: {
  services: Services;
  identity: IdentityResolver;
  log: Logger;
  trustProxy: boolean;
  guards: WriteGuards;
  /** The server's: writes that change a post card answer once this node heard the change (the feed cache). */
  sessionCache?: SessionCache;
}) {
  const { services } = deps;
  const openapi = openApiDocument([
    ...authOperations,
    ...healthOperations,
    ...notificationOperations,
    ...friendOperations,
    ...profileOperations,
    ...mediaOperations,
    ...gameOperations,
    ...communityOperations,
    ...lfgOperations,
    ...pushOperations,
    ...peopleOperations,
    ...chatOperations,
    ...accountOperations,
    ...moderationOperations,
    ...gameModerationOperations,
    ...accountDataOperations,
    ...reportOperations,
  ]);
  // strict: false — the spec writes some paths with a trailing slash (GET /profile/, /friends/, /notifications/).
  const api = new Hono<ApiEnv>({ strict: false }).basePath('/api');
  api.use(requestContext(deps.log, deps.trustProxy));
  const tooLarge = () => new ServiceError(413, `Request body is larger than ${JSON_BODY_LIMIT / 1024} kB`);
  const limitBody = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw tooLarge();
    },
  });
  // Only requests that may carry a body pay for the limit (it materialises the full Request object). Streamed
  // multipart uploads are exempt by exact method and path: busboy reads them with their own limits. Other bodies
  // sent there (send-message also takes JSON) keep the JSON limit.
  const streamedUploads = new Set([...PICTURE_UPLOAD_ROUTES, ...MEDIA_UPLOAD_ROUTES, ...CHAT_UPLOAD_ROUTES]);
  const isStreamed = (route: string) => streamedUploads.has(route) || COMMUNITY_UPLOAD_ROUTES.some((pattern) => pattern.test(route));
  const isUpload = (c: Context<ApiEnv>) =>
    /^multipart\/form-data/i.test(requestHeader(c, 'content-type') ?? '') &&
    isStreamed(`${c.req.method} ${c.req.path.replace(/\/+$/, '')}`);
  api.use((c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || isUpload(c)) return next();
    // A declared length is judged from Node's own headers: hono's limit would build the whole fetch Request and
    // its body stream for every write, and readJson then reads the body straight from Node instead. Only a body
    // without a length (chunked) is counted as it arrives.
    const { headers } = c.env.incoming;
    if (headers['content-length'] === undefined || headers['transfer-encoding'] !== undefined) return limitBody(c, next);
    if (Number(headers['content-length']) > JSON_BODY_LIMIT) throw tooLarge();
    return next();
  });
  api.route('/health', healthRoutes(services.health));
  api.get('/openapi.json', (c) => c.json(openapi));
  // Signed URLs are their own permission: no session lookup for every video range request.
  api.route('/media/file', mediaFileRoutes({ media: services.media, urls: services.mediaUrls, storage: services.storage }));
  api.use(identity(deps.identity));
  api.use(writeLimits({ ...deps.guards, isUpload }));
  // The feed cache drops what a change touched when the database announces it: the person who made the change
  // must see it in their next request to this node, so their answer waits until this node has heard it.
  const settle = deps.sessionCache?.settle;
  if (settle) {
    api.use(async (c, next) => {
      await next();
      // A refusal changed nothing (and an upload refused mid-stream must answer without waiting).
      if (c.res.status < 400 && c.req.method !== 'GET' && c.req.method !== 'HEAD' && CARD_WRITES.test(c.req.path)) await settle();
    });
  }
  api.route('/auth', authRoutes(services.auth, deps.identity));
  api.route('/profile', profileRoutes(services));
  api.route('/friends', friendRoutes(services.friends));
  api.route('/notifications', notificationRoutes(services.notifications));
  api.route('/media', mediaRoutes(services));
  api.route('/games', gameRoutes(services));
  api.route('/communities', communityRoutes(services));
  api.route('/lfg', lfgRoutes(services));
  if (services.push) api.route('/push', pushRoutes(services));
  api.route('/people', peopleRoutes(services.suggestions));
  api.route('/chat', chatRoutes(services));
  // Password and sessions; deletion and export are a router of their own mounted at the same prefix.
  api.route('/account', accountRoutes(services.account, deps.identity));
  api.route('/account', accountDataRoutes({ services, identity: deps.identity, limiter: deps.guards.limiter, limits: deps.guards.limits }));
  api.route('/moderation', moderationRoutes(services.moderation, services.storage));
  api.route('/moderation/games', gameModerationRoutes(services.gameModeration));
  api.route('/reports', reportRoutes(services.reports));
  api.notFound(notFoundResponse);
  api.onError(handleError);
  return api;
}
