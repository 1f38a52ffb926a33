/**
 * NOTE: which of the home page's first steps someone has done (src/pages/home.astro), in one round trip of
 * indexed `exists` checks, so the signed-in home stays fast. Rules for callers: only ever for the signed-in
 * person themselves (it says nothing another person could not see on their profile, but no route asks it for
 * anyone else); a step done once and undone (the bio cleared, the post deleted) reads as not done again.
 */
import { sql } from 'drizzle-orm';
import type { StartSteps } from '../../../shared/page-locals.ts';
import type { Db } from '../../db/client.ts';
import { follows, friendships, media, profilePictures, profiles, userGames } from '../../db/schema/index.ts';

export async function startStepsOf(db: Db, userId: number): Promise<StartSteps> {
  const result = await db.execute<StartSteps>(sql`select
    exists (select 1 from ${profilePictures} where ${profilePictures.userId} = ${userId})
      and exists (select 1 from ${profiles} where ${profiles.userId} = ${userId} and ${profiles.bio} <> '') as profile,
    exists (select 1 from ${userGames} where ${userGames.userId} = ${userId}) as games,
    -- A friend, a request sent (waiting counts: the step is about reaching out) or someone followed.
    (exists (select 1 from ${friendships} where ${friendships.requesterId} = ${userId})
      or exists (select 1 from ${friendships} where ${friendships.addresseeId} = ${userId} and ${friendships.status} = 'accepted')
      or exists (select 1 from ${follows} where ${follows.followerId} = ${userId})) as players,
    exists (select 1 from ${media} where ${media.userId} = ${userId}) as post`);
  return result.rows[0]!;
}
