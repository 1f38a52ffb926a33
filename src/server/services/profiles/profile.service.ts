/**
 * NOTE: profiles (spec §3, §7 "Profile"). A user without a `profiles` row has an empty profile, so every write
 * is an upsert. Only the signed-in user edits their own profile (routes pass the session's id). followers and
 * following list at most PEOPLE_LIST_LIMIT people, newest first, leaving out anyone blocked either way with the
 * viewer (in the same SQL); the *_count fields are always exact, hidden people included. Someone blocked either
 * way with the viewer has no profile for them: 404 'User not found', as for an unknown name (ADR 021).
 * Another user's handles pass through handle-visibility.service.ts: hidden ones answer null, as if never set.
 */
import { and, desc, eq, not, sql } from 'drizzle-orm';
import type { Consoles, OtherProfileResponse, OwnProfileResponse, PersonRef } from '../../../shared/api-types.ts';
import { PEOPLE_LIST_LIMIT } from '../../../shared/constants.ts';
import type { StartSteps } from '../../../shared/page-locals.ts';
import type { HandleVisibility, HandleVisibilitySettings, PlatformId } from '../../../shared/profile-values.ts';
import type { Db } from '../../db/client.ts';
import { follows, friendships, profilePictures, profiles, users } from '../../db/schema/index.ts';
import type { FriendsService } from '../social/friends.service.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';
import { settingsOf, visibleHandles } from './handle-visibility.service.ts';
import { findVisiblePerson, type Person } from './people.queries.ts';
import { profileGamesOf } from '../games/profile-games.queries.ts';
import { startStepsOf } from './start-steps.queries.ts';

type ProfileRow = typeof profiles.$inferSelect;
type HandleColumn = 'discordUsername' | 'psnUsername' | 'xboxGamertag' | 'steamUsername' | 'nintendoFriendCode';

const HANDLE_COLUMNS: Record<PlatformId, HandleColumn> = {
  discord: 'discordUsername',
  playstation: 'psnUsername',
  xbox: 'xboxGamertag',
  steam: 'steamUsername',
  nintendo: 'nintendoFriendCode',
};

const consolesOf = (row: ProfileRow | undefined): Consoles => ({
  playstation: row?.psnUsername ? { psn_username: row.psnUsername } : null,
  xbox: row?.xboxGamertag ? { xbox_gamertag: row.xboxGamertag } : null,
  steam: row?.steamUsername ? { steam_username: row.steamUsername } : null,
  nintendo: row?.nintendoFriendCode ? { friend_code: row.nintendoFriendCode } : null,
});

export function createProfileService(deps: { db: Db; friends: Pick<FriendsService, 'relationship'> }) {
  const { db, friends } = deps;

  /** People on one side of `follows` that the viewer may see, newest first. */
  const people = (side: 'followers' | 'following', userId: number, viewerId: number): Promise<PersonRef[]> => {
    const [mine, theirs] = side === 'followers' ? [follows.followeeId, follows.followerId] : [follows.followerId, follows.followeeId];
    return db
      .select({ user_id: users.id, username: users.username })
      .from(follows)
      .innerJoin(users, eq(users.id, theirs))
      .where(and(eq(mine, userId), not(eitherBlocked(users.id, viewerId))))
      .orderBy(desc(follows.createdAt), desc(users.id))
      .limit(PEOPLE_LIST_LIMIT);
  };

  /** Exact counts, and how the viewer and this user follow each other, in one round trip. */
  const facts = async (userId: number, viewerId: number) => {
    const result = await db.execute<{
      followers_count: number;
      following_count: number;
      friends_count: number;
      has_picture: boolean;
      is_following: boolean;
      follows_you: boolean;
    }>(sql`select
      (select count(*)::int from ${follows} where ${follows.followeeId} = ${userId}) as followers_count,
      (select count(*)::int from ${follows} where ${follows.followerId} = ${userId}) as following_count,
      (select count(*)::int from ${friendships} where ${friendships.status} = 'accepted'
        and (${friendships.requesterId} = ${userId} or ${friendships.addresseeId} = ${userId})) as friends_count,
      exists (select 1 from ${profilePictures} where ${profilePictures.userId} = ${userId}) as has_picture,
      exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${userId}) as is_following,
      exists (select 1 from ${follows} where ${follows.followerId} = ${userId} and ${follows.followeeId} = ${viewerId}) as follows_you`);
    return result.rows[0]!;
  };

  async function load(person: Person, viewerId: number) {
    const [[row], followers, following, known, games] = await Promise.all([
      db.select().from(profiles).where(eq(profiles.userId, person.id)),
      people('followers', person.id, viewerId),
      people('following', person.id, viewerId),
      facts(person.id, viewerId),
      // On another's profile, `shared` marks the games the viewer plays too.
      profileGamesOf(db, person.id, person.id === viewerId ? undefined : viewerId),
    ]);
    const profile = {
      user_id: person.id,
      username: person.username,
      bio: row?.bio ?? '',
      discord: row?.discordUsername ?? null,
      links: row?.links ?? {},
      games,
      consoles: consolesOf(row),
      followers,
      following,
      followers_count: known.followers_count,
      following_count: known.following_count,
      has_picture: known.has_picture,
    };
    return { profile, known, visibility: row?.handleVisibility };
  }

  async function upsert(userId: number, changes: Partial<Pick<ProfileRow, 'bio' | HandleColumn>>) {
    const set = { ...changes, updatedAt: new Date() };
    await db
      .insert(profiles)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: profiles.userId, set });
  }

  return {
    async own(me: Person): Promise<OwnProfileResponse> {
      const { profile, known, visibility } = await load(me, me.id);
      return { ...profile, friends_count: known.friends_count, handle_visibility: settingsOf(visibility) };
    },

    /** The 404 `other` would answer, without loading the profile (a page's not-found check). */
    async requireVisible(viewerId: number, username: string): Promise<void> {
      await findVisiblePerson(db, viewerId, username);
    },

    /** Another user's profile by username (case-insensitive); 404 'User not found', also when blocked either way. */
    async other(viewerId: number, username: string): Promise<OtherProfileResponse> {
      const person = await findVisiblePerson(db, viewerId, username);
      const [{ profile, known, visibility }, relationship] = await Promise.all([
        load(person, viewerId),
        friends.relationship(viewerId, person.id),
      ]);
      const viewer = { isOwner: viewerId === person.id, isFriend: relationship.friendship_status === 'accepted' };
      const shown = visibleHandles(profile, visibility, viewer);
      return {
        ...shown,
        friends_count: known.friends_count,
        ...relationship,
        is_following: known.is_following,
        follows_you: known.follows_you,
      };
    },

    /** Which of the home page's first steps the person has done (start-steps.queries.ts). */
    startSteps(userId: number): Promise<StartSteps> {
      return startStepsOf(db, userId);
    },

    async setBio(userId: number, bio: string): Promise<void> {
      await upsert(userId, { bio });
    },

    /** Sets one platform handle; null clears it. */
    async setHandle(userId: number, platform: PlatformId, value: string | null): Promise<void> {
      await upsert(userId, { [HANDLE_COLUMNS[platform]]: value });
    },

    /** Sets who may see one handle ('everyone' removes the setting); answers every platform's setting. */
    async setVisibility(userId: number, platform: PlatformId, visibility: HandleVisibility): Promise<HandleVisibilitySettings> {
      const next =
        visibility === 'everyone'
          ? sql`${profiles.handleVisibility} - ${platform}::text`
          : sql`${profiles.handleVisibility} || jsonb_build_object(${platform}::text, ${visibility}::text)`;
      const initial = visibility === 'everyone' ? {} : { [platform]: visibility };
      const [row] = await db
        .insert(profiles)
        .values({ userId, handleVisibility: initial, updatedAt: new Date() })
        .onConflictDoUpdate({ target: profiles.userId, set: { handleVisibility: next, updatedAt: new Date() } })
        .returning({ visibility: profiles.handleVisibility });
      return settingsOf(row?.visibility);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
