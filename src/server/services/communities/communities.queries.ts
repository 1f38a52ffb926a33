/**
 * NOTE: the SQL of communities themselves (ADR 049): finding one by slug with the viewer's standing, its games,
 * creating, editing and deleting. Membership, requests, bans and invites are in members.queries.ts.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { GameRef } from '../../../shared/game-types.ts';
import {
  FIRST_CHANNEL_NAME,
  RESERVED_COMMUNITY_SLUGS,
  type CommunityRole,
  type CommunityVisibility,
} from '../../../shared/community-values.ts';
import {
  communities,
  communityBans,
  communityGames,
  communityMembers,
  communityRequests,
  games,
  media,
  type CommunityRow,
} from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { channelImageKeys, insertChannel, lockChannels } from './channels.queries.ts';
import { banRunning } from './members.queries.ts';
import { keysOfPosts, postFileColumns } from '../media/post-removal.service.ts';

/** A community and where the viewer stands in it: member role, a waiting request, a ban still running. */
export type Standing = {
  community: CommunityRow;
  role: CommunityRole | null;
  pending: boolean;
  banned: boolean;
};

const activeBan = (viewerId: number) => and(eq(communityBans.communityId, communities.id), eq(communityBans.userId, viewerId), banRunning);

/** One query: the community a slug names, the viewer's role, pending request and running ban. */
export async function standingBySlug(exec: Executor, slug: string, viewerId: number): Promise<Standing | undefined> {
  const [row] = await exec
    .select({
      community: communities,
      role: communityMembers.role,
      pending: sql<boolean>`exists (select 1 from ${communityRequests} where ${communityRequests.communityId} = ${communities.id} and ${communityRequests.userId} = ${viewerId})`,
      banned: sql<boolean>`exists (select 1 from ${communityBans} where ${activeBan(viewerId)})`,
    })
    .from(communities)
    .leftJoin(communityMembers, and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, viewerId)))
    .where(eq(communities.slug, slug));
  return row && { community: row.community, role: row.role, pending: row.pending, banned: row.banned };
}

/** The same, locking the community's row: membership changes of one community run one at a time. */
export async function lockedStanding(tx: Tx, slug: string, viewerId: number): Promise<Standing | undefined> {
  const [locked] = await tx.select({ id: communities.id }).from(communities).where(eq(communities.slug, slug)).for('update');
  return locked ? standingBySlug(tx, slug, viewerId) : undefined;
}

export async function gamesOf(exec: Executor, communityId: number): Promise<GameRef[]> {
  return exec
    .select({ slug: games.slug, name: games.name })
    .from(communityGames)
    .innerJoin(games, eq(games.id, communityGames.gameId))
    .where(eq(communityGames.communityId, communityId))
    .orderBy(games.name);
}

/** Game ids for slugs, in the order asked; null when one is unknown (the caller answers which). */
export async function gameIdsFor(exec: Executor, slugs: string[]): Promise<{ ids: number[]; unknown: string | null }> {
  if (slugs.length === 0) return { ids: [], unknown: null };
  const rows = await exec.select({ id: games.id, slug: games.slug }).from(games).where(inArray(games.slug, slugs));
  const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
  const unknown = slugs.find((slug) => !bySlug.has(slug)) ?? null;
  return { ids: slugs.flatMap((slug) => bySlug.get(slug) ?? []), unknown };
}

export async function setGames(tx: Tx, communityId: number, gameIds: number[]): Promise<void> {
  await tx.delete(communityGames).where(eq(communityGames.communityId, communityId));
  if (gameIds.length > 0) await tx.insert(communityGames).values(gameIds.map((gameId) => ({ communityId, gameId })));
}

/** `base`, else `base-2`, `base-3`… : the first slug no community holds and no path reserves. */
export async function freeCommunitySlug(exec: Executor, base: string): Promise<string> {
  const taken = new Set(
    (
      await exec
        .select({ slug: communities.slug })
        .from(communities)
        .where(or(eq(communities.slug, base), sql`${communities.slug} ~ ${`^${base}-[0-9]+$`}`))
    ).map((r) => r.slug),
  );
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug) && !RESERVED_COMMUNITY_SLUGS.includes(slug)) return slug;
  }
}

export async function insertCommunity(
  tx: Tx,
  values: { slug: string; name: string; description: string; visibility: CommunityVisibility; rules: string[]; ownerId: number },
): Promise<CommunityRow> {
  const [row] = await tx.insert(communities).values(values).returning();
  await tx.insert(communityMembers).values({ communityId: row!.id, userId: values.ownerId, role: 'owner' });
  await insertChannel(tx, row!.id, FIRST_CHANNEL_NAME);
  // The trigger counted the owner in another statement: read the row again for the count.
  const [fresh] = await tx.select().from(communities).where(eq(communities.id, row!.id));
  return fresh!;
}

export async function updateCommunity(
  tx: Tx,
  communityId: number,
  changes: Partial<Pick<CommunityRow, 'name' | 'description' | 'visibility' | 'rules'>>,
): Promise<void> {
  if (Object.keys(changes).length > 0) await tx.update(communities).set(changes).where(eq(communities.id, communityId));
}

/**
 * Deletes the community; its posts (with their likes and comments), members, channels and the rest cascade.
 * Answers the storage keys of its files (posts, channel images, icon, banner), for the caller to remove once this
 * committed.
 */
export async function deleteCommunity(tx: Tx, communityId: number): Promise<string[]> {
  // Locked, as an account's deletion does (a video being made ready waits, then finds its post gone).
  const posts = keysOfPosts(await tx.select(postFileColumns).from(media).where(eq(media.communityId, communityId)).for('update'));
  await lockChannels(tx, communityId);
  const messageImages = await channelImageKeys(tx, communityId);
  const [row] = await tx
    .delete(communities)
    .where(eq(communities.id, communityId))
    .returning({ icon: communities.iconKey, banner: communities.bannerKey });
  return [...posts, ...messageImages, row?.icon, row?.banner].filter((key): key is string => typeof key === 'string');
}

/** Marks the community active now (a post or a join): discovery's 'popular' weighs it. */
export async function touchCommunity(tx: Tx, communityId: number): Promise<void> {
  await tx
    .update(communities)
    .set({ activeAt: sql`now()` })
    .where(eq(communities.id, communityId));
}

export async function communityById(exec: Executor, communityId: number): Promise<CommunityRow | undefined> {
  const [row] = await exec.select().from(communities).where(eq(communities.id, communityId));
  return row;
}

export async function setOwner(tx: Tx, communityId: number, ownerId: number): Promise<void> {
  await tx.update(communities).set({ ownerId }).where(eq(communities.id, communityId));
}

/** The communities someone owns, locked (in id order, as every other lock of them is taken one at a time). */
export async function lockOwnedBy(tx: Tx, ownerId: number): Promise<Array<{ id: number }>> {
  return tx.select({ id: communities.id }).from(communities).where(eq(communities.ownerId, ownerId)).orderBy(communities.id).for('update');
}
