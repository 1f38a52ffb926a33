/**
 * NOTE: profiles (spec §3/§7 "Profile"). A user without a `profiles` row has an empty profile; writes upsert.
 * Inputs arrive validated by the shared schemas in src/shared/schemas/profile.ts.
 */
import { eq, sql } from 'drizzle-orm';
import type { Consoles, OtherProfileResponse, OwnProfileResponse } from '../../shared/api-types.ts';
import type { PlatformId } from '../../shared/schemas/profile.ts';
import type { Db } from '../db/client.ts';
import { profilePictures, profiles, users } from '../db/schema/index.ts';
import { ServiceError } from './errors.ts';
import type { FollowsService } from './follows.service.ts';
import type { FriendsService } from './friends.service.ts';

const COLUMN_OF = {
  discord: 'discordUsername',
  playstation: 'psnUsername',
  xbox: 'xboxGamertag',
  steam: 'steamUsername',
  nintendo: 'nintendoFriendCode',
} as const satisfies Record<PlatformId, keyof typeof profiles.$inferInsert>;

type ProfileRow = typeof profiles.$inferSelect;
const consolesOf = (p: ProfileRow | null): Consoles => ({
  playstation: p?.psnUsername ? { psn_username: p.psnUsername } : null,
  xbox: p?.xboxGamertag ? { xbox_gamertag: p.xboxGamertag } : null,
  steam: p?.steamUsername ? { steam_username: p.steamUsername } : null,
  nintendo: p?.nintendoFriendCode ? { friend_code: p.nintendoFriendCode } : null,
});

export function createProfileService(deps: { db: Db; follows: FollowsService; friends: FriendsService }) {
  const { db, follows, friends } = deps;

  async function load(userId: number) {
    const [row] = await db
      .select({ user: { id: users.id, username: users.username }, profile: profiles, pictureAt: profilePictures.updatedAt })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(profilePictures, eq(profilePictures.userId, users.id))
      .where(eq(users.id, userId));
    if (!row) throw new ServiceError(404, 'User not found');
    const [followers, following, followersCount, followingCount] = await Promise.all([
      follows.followers(userId),
      follows.following(userId),
      follows.followersCount(userId),
      follows.followingCount(userId),
    ]);
    const p = row.profile;
    return {
      user_id: row.user.id,
      username: row.user.username,
      bio: p?.bio ?? '',
      discord: p?.discordUsername ?? null,
      links: p?.links ?? {},
      games: p?.games ?? {},
      consoles: consolesOf(p),
      followers,
      following,
      followers_count: followersCount,
      following_count: followingCount,
      has_picture: row.pictureAt !== null,
    };
  }

  async function upsert(userId: number, values: Partial<typeof profiles.$inferInsert>) {
    await db
      .insert(profiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: new Date() } });
  }

  return {
    async own(userId: number): Promise<OwnProfileResponse> {
      const [profile, friendList] = await Promise.all([load(userId), friends.list(userId)]);
      return { ...profile, friends_count: friendList.length };
    },

    async idOf(username: string): Promise<number> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
      if (!row) throw new ServiceError(404, 'User not found');
      return row.id;
    },

    async other(viewerId: number, otherId: number): Promise<OtherProfileResponse> {
      const [profile, relation, isFollowing, followsYou] = await Promise.all([
        load(otherId),
        friends.relationship(viewerId, otherId),
        follows.isFollowing(viewerId, otherId),
        follows.isFollowing(otherId, viewerId),
      ]);
      return { ...profile, ...relation, is_following: isFollowing, follows_you: followsYou };
    },

    setBio: (userId: number, bio: string) => upsert(userId, { bio }),
    setHandle: (userId: number, platform: PlatformId, value: string | null) => upsert(userId, { [COLUMN_OF[platform]]: value }),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
