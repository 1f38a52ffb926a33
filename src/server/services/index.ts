/**
 * NOTE: builds every service of one server instance around one database and one bus. Feature issues add
 * their services here; routes receive them from this object only.
 */
import type { MediaLimits } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { createRateLimiter } from '../auth/rate-limiter.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import { createSessionStore } from '../auth/session-store.ts';
import { createAccountService } from './account.service.ts';
import { createUploadSlots } from '../auth/upload-slots.ts';
import { createAccountDeletion } from './account-deletion.service.ts';
import { createAccountExport } from './account-export.service.ts';
import { createAuthService } from './auth.service.ts';
import { createBlocksService } from './blocks.service.ts';
import type { EventBus } from './event-bus.ts';
import { createFollowsService } from './follows.service.ts';
import { createFriendsService } from './friends.service.ts';
import { createChatGroupsService } from './chat-groups.service.ts';
import { createChatMessagesService } from './chat-messages.service.ts';
import { createChatRoomsService } from './chat-rooms.service.ts';
import { createCommentsService } from './comments.service.ts';
import { createGamesService } from './games.service.ts';
import { createHealthService } from './health.service.ts';
import { createSuggestionsService } from './suggestions.service.ts';
import { createLikesService } from './likes.service.ts';
import { createMediaItems } from './media-items.ts';
import { createMediaUploads } from './media-upload.ts';
import { createMediaUrls } from './media-urls.ts';
import { createMediaService } from './media.service.ts';
import { createModerationService } from './moderation.service.ts';
import { createNotificationsService } from './notifications.service.ts';
import { createPasswordConfirm } from './password-confirm.ts';
import { createProfilePictureService } from './profile-picture.service.ts';
import { createProfileService } from './profile.service.ts';
import { createReportsService } from './reports.service.ts';
import { createSearchService } from './search.service.ts';

/** What the media services need beyond the database: where files live, the URL-signing secret, upload limits. */
export type MediaDeps = { storage: MediaStorage; secret: string; limits: MediaLimits };

/** `sessionCache` (the server's, listening for changes) spares most requests a session query; tools pass none. */
export function createServices(db: Db, bus: EventBus, mediaDeps: MediaDeps, sessionCache?: SessionCache) {
  const sessions = createSessionStore(db, sessionCache);
  const limiter = createRateLimiter(db);
  const notifications = createNotificationsService({ db, bus });
  const follows = createFollowsService({ db });
  const friends = createFriendsService({ db, bus, notifications, follows });
  const { storage, limits } = mediaDeps;
  const urls = createMediaUrls(mediaDeps.secret);
  const items = createMediaItems({ db, urls });
  const comments = createCommentsService({ db, notifications });
  const auth = createAuthService({ db, sessions, limiter, bus });
  const confirmPassword = createPasswordConfirm({ db, limiter });
  return {
    sessions,
    limiter,
    auth,
    account: createAccountService({ db, sessions, auth, confirmPassword }),
    accountDeletion: createAccountDeletion({ db, bus, storage, auth, confirmPassword }),
    accountExport: createAccountExport({ db, storage, slots: createUploadSlots(db, 1, 'export-slot') }),
    health: createHealthService(db, storage),
    notifications,
    friends,
    follows,
    profile: createProfileService({ db, friends }),
    search: createSearchService({ db }),
    games: createGamesService({ db }),
    suggestions: createSuggestionsService({ db }),
    blocks: createBlocksService({ db, bus }),
    pictures: createProfilePictureService({ db }),
    media: createMediaService({ db, storage, urls, items, comments }),
    uploads: createMediaUploads({ db, bus, storage, items, limits }),
    likes: createLikesService({ db, notifications }),
    comments,
    chatRooms: createChatRoomsService({ db, bus }),
    chatGroups: createChatGroupsService({ db, bus, storage }),
    chatMessages: createChatMessagesService({ db, bus, storage }),
    moderation: createModerationService({ db, bus, storage, urls, auth }),
    reports: createReportsService({ db, notifications }),
    mediaUrls: urls,
    mediaLimits: limits,
    storage,
  };
}

export type Services = ReturnType<typeof createServices>;
