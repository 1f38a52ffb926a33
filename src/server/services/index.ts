/**
 * NOTE: builds every service of one server instance around one database and one bus. Feature issues add
 * their services here; routes receive them from this object only.
 */
import type { Db } from '../db/client.ts';
import { createRateLimiter } from '../auth/rate-limiter.ts';
import { createSessionStore } from '../auth/session-store.ts';
import { createAuthService } from './auth.service.ts';
import type { EventBus } from './event-bus.ts';
import { createFollowsService } from './follows.service.ts';
import { createFriendsService } from './friends.service.ts';
import { createHealthService } from './health.service.ts';
import { createNotificationsService } from './notifications.service.ts';
import { createProfilePictureService } from './profile-picture.service.ts';
import { createProfileService } from './profile.service.ts';
import { createSearchService } from './search.service.ts';

export function createServices(db: Db, bus: EventBus) {
  const sessions = createSessionStore(db);
  const limiter = createRateLimiter(db);
  const notifications = createNotificationsService({ db, bus });
  const follows = createFollowsService({ db });
  const friends = createFriendsService({ db, notifications, follows });
  return {
    sessions,
    limiter,
    auth: createAuthService({ db, sessions, limiter, bus }),
    health: createHealthService(db),
    notifications,
    friends,
    follows,
    profile: createProfileService({ db, friends }),
    search: createSearchService({ db }),
    pictures: createProfilePictureService({ db }),
  };
}

export type Services = ReturnType<typeof createServices>;
