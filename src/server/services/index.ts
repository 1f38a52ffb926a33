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
import { createAccountService } from './accounts/account.service.ts';
import { createUploadSlots } from '../auth/upload-slots.ts';
import { createAccountDeletion } from './accounts/account-deletion.service.ts';
import { createAccountExport } from './accounts/account-export.service.ts';
import { createAuthService } from './accounts/auth.service.ts';
import { createBlockChanges } from './social/block-changes.service.ts';
import { createBlocksService } from './social/blocks.service.ts';
import type { EventBus } from './event-bus.ts';
import { createFollowsService } from './social/follows.service.ts';
import { createFriendsService } from './social/friends.service.ts';
import { createChatGroupsService } from './chat/chat-groups.service.ts';
import { createChatMessagesService } from './chat/chat-messages.service.ts';
import { createChatRoomsService } from './chat/chat-rooms.service.ts';
import { createCommentsService } from './media/comments.service.ts';
import { createGameModerationService } from './games/game-moderation.service.ts';
import { createGamesService } from './games/games.service.ts';
import { createHealthService } from './health/health.service.ts';
import { createFeedCache } from './media/feed-cache.service.ts';
import { createSuggestionsService } from './games/suggestions.service.ts';
import { createLikesService } from './media/likes.service.ts';
import { createMediaItems } from './media/media-items.queries.ts';
import { createMediaUploads } from './media/media-upload.service.ts';
import { createMediaUrls } from './media/media-urls.service.ts';
import { createMediaService } from './media/media.service.ts';
import { createVideoProcessing, type VideoPipeline } from './media/video-processing.service.ts';
import { createModerationService } from './moderation/moderation.service.ts';
import { createNotificationsService } from './notifications/notifications.service.ts';
import { createPasswordConfirm } from './accounts/password-confirm.service.ts';
import { createProfilePictureService } from './profiles/profile-picture.service.ts';
import { createProfileService } from './profiles/profile.service.ts';
import { createReportsService } from './moderation/reports.service.ts';
import { createSearchService } from './profiles/search.service.ts';
import { createLiveUpdates } from './live/live-updates.service.ts';
import { createCommunitiesService } from './communities/communities.service.ts';
import { createCommunityModerationService } from './communities/community-moderation.service.ts';
import { createMembershipService } from './communities/membership.service.ts';
import { createDiscoveryService } from './communities/discovery.service.ts';
import { createCommunityNotices } from './communities/community-notices.ts';
import { createCommunityPostsService } from './communities/community-posts.service.ts';
import { createCommunityImagesService } from './communities/community-images.service.ts';
import { createChannelReaders } from './communities/channel-readers.ts';
import { createChannelsService } from './communities/channels.service.ts';
import { createLfgService } from './lfg/lfg.service.ts';
import { createLfgPartyService } from './lfg/lfg-party.service.ts';
import { createLfgSchedule } from './lfg/lfg-schedule.service.ts';
import type { Push } from './push/push.service.ts';

/**
 * What the media services need beyond the database: where files live, the URL-signing secret, upload limits, and
 * the media pipeline (a server's; tools without a job queue leave it out and cannot take videos).
 */
export type MediaDeps = { storage: MediaStorage; secret: string; limits: MediaLimits; pipeline?: VideoPipeline };

/**
 * `sessionCache` (the server's, listening for changes) spares most requests a session query; tools pass none.
 * The feed cache serves only while the server's listener feeds it (`listenForSessionChanges`); unheard, it is bypassed.
 */
/** `push`: web push (ADR 053), built by the backend around its job queue; tools have none. */
export function createServices(db: Db, bus: EventBus, mediaDeps: MediaDeps, sessionCache?: SessionCache, push?: Push) {
  const sessions = createSessionStore(db, sessionCache);
  const limiter = createRateLimiter(db);
  const notifications = createNotificationsService({ db, bus });
  const follows = createFollowsService({ db });
  const friends = createFriendsService({ db, bus, notifications, follows });
  const { storage, limits } = mediaDeps;
  const urls = createMediaUrls(mediaDeps.secret);
  const items = createMediaItems({ db, urls });
  const feedCache = createFeedCache({ db, items, urls });
  const comments = createCommentsService({ db, notifications });
  const auth = createAuthService({ db, sessions, limiter, bus });
  const confirmPassword = createPasswordConfirm({ db, limiter });
  const communityNotices = createCommunityNotices(notifications);
  const readers = createChannelReaders(bus);
  const { pipeline } = mediaDeps;
  const videos = pipeline ? createVideoProcessing({ db, bus, storage, notifications, limits, pipeline }) : null;
  // Looking for group needs the job queue for its timed jobs: a server's, like the media pipeline.
  const lfgSchedule = pipeline ? createLfgSchedule({ db, bus, queue: pipeline.queue, notifications }) : null;
  return {
    push: push ?? null,
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
    blockChanges: createBlockChanges(),
    pictures: createProfilePictureService({ db }),
    media: createMediaService({ db, storage, urls, items, comments, feedCache }),
    feedCache,
    live: createLiveUpdates({ db, bus }),
    uploads: createMediaUploads({ db, bus, storage, items, limits, videos }),
    videos,
    likes: createLikesService({ db, notifications }),
    comments,
    chatRooms: createChatRoomsService({ db, bus }),
    chatGroups: createChatGroupsService({ db, bus, storage }),
    chatMessages: createChatMessagesService({ db, bus, storage }),
    moderation: createModerationService({ db, bus, storage, urls, auth }),
    gameModeration: createGameModerationService({ db }),
    reports: createReportsService({ db, notifications, communityNotices }),
    communities: createCommunitiesService({ db, storage, confirmPassword, readers }),
    membership: createMembershipService({ db, notices: communityNotices, readers }),
    discovery: createDiscoveryService({ db }),
    communityModeration: createCommunityModerationService({ db, notices: communityNotices, readers }),
    channels: createChannelsService({ db, bus, storage }),
    communityPosts: createCommunityPostsService({ db, items }),
    communityImages: createCommunityImagesService({ db, storage }),
    lfgSchedule,
    lfg: lfgSchedule ? createLfgService({ db, schedule: lfgSchedule }) : null,
    lfgParty: createLfgPartyService({ db, bus, notifications }),
    mediaUrls: urls,
    mediaLimits: limits,
    storage,
  };
}

export type Services = ReturnType<typeof createServices>;
