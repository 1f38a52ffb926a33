/**
 * NOTE: communities themselves (ADR 049): create, read the about page, edit, delete. Rules:
 * - The creator is the owner and first member; the slug comes from the name ('Night Raiders' → 'night-raiders',
 *   then 'night-raiders-2'…; 'community' when the name has no Latin letters or digits) and never changes.
 * - Edits are for moderators and the owner, and go to the mod log; deletion is the owner's, with their password.
 * - Games are named by slug; an unknown one is a 400 naming it.
 */
import type { CommunityResponse } from '../../../shared/community-types.ts';
import { slugify } from '../../../shared/game-values.ts';
import type { CommunityEdit, NewCommunity } from '../../../shared/schemas/communities.ts';
import type { Db } from '../../db/client.ts';
import { transaction, isUniqueViolation, type Tx } from '../../db/transaction.ts';
import { badRequest } from '../../errors.ts';
import type { ChannelReaders } from './channel-readers.ts';
import type { ConfirmPassword } from '../accounts/password-confirm.service.ts';
import { asModerator, asOwner, toCommunity, visible } from './access.ts';
import {
  deleteCommunity,
  freeCommunitySlug,
  gameIdsFor,
  gamesOf,
  insertCommunity,
  lockedStanding,
  setGames,
  standingBySlug,
  updateCommunity,
} from './communities.queries.ts';
import { logAction } from './modlog.queries.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { removeStoredFiles } from '../media/post-removal.service.ts';

async function gameIds(tx: Tx, slugs: string[]): Promise<number[]> {
  const { ids, unknown } = await gameIdsFor(tx, slugs);
  if (unknown !== null) throw badRequest(`Unknown game: ${unknown}`).of('games');
  return ids;
}

export function createCommunitiesService(deps: {
  db: Db;
  storage: MediaStorage;
  confirmPassword: ConfirmPassword;
  readers: ChannelReaders;
}) {
  const { db, storage, confirmPassword, readers } = deps;

  async function about(slug: string, viewerId: number): Promise<CommunityResponse> {
    const standing = visible(await standingBySlug(db, slug, viewerId));
    return { community: toCommunity(standing, await gamesOf(db, standing.community.id)) };
  }

  return {
    about,

    async create(ownerId: number, input: NewCommunity): Promise<CommunityResponse> {
      const base = slugify(input.name).slice(0, 50).replace(/-+$/, '') || 'community';
      for (let attempt = 1; ; attempt += 1) {
        try {
          const slug = await transaction(db, async (tx, afterCommit) => {
            const ids = await gameIds(tx, input.games);
            const row = await insertCommunity(tx, {
              slug: await freeCommunitySlug(tx, base),
              name: input.name,
              description: input.description,
              visibility: input.visibility,
              rules: input.rules,
              ownerId,
            });
            await setGames(tx, row.id, ids);
            readers.joined(afterCommit, row, ownerId);
            return row.slug;
          });
          return about(slug, ownerId);
        } catch (err) {
          // Two communities of one name at once: the second takes the next free slug.
          if (!isUniqueViolation(err) || attempt >= 3) throw err;
        }
      }
    },

    async edit(slug: string, actorId: number, edit: CommunityEdit): Promise<CommunityResponse> {
      await transaction(db, async (tx) => {
        const { community } = asModerator(await lockedStanding(tx, slug, actorId));
        const { games, ...details } = edit;
        const changes = Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined));
        await updateCommunity(tx, community.id, changes);
        if (games) await setGames(tx, community.id, await gameIds(tx, games));
        const changed = [...Object.keys(changes), ...(games ? ['games'] : [])];
        await logAction(tx, { communityId: community.id, actorId, action: 'edit', detail: changed.join(', ') });
      });
      return about(slug, actorId);
    },

    async remove(slug: string, actorId: number, password: string): Promise<void> {
      asOwner(await standingBySlug(db, slug, actorId));
      await confirmPassword(actorId, password);
      const files = await transaction(db, async (tx, afterCommit) => {
        const { community } = asOwner(await lockedStanding(tx, slug, actorId));
        await readers.disbanding(tx, afterCommit, community);
        return deleteCommunity(tx, community.id);
      });
      await removeStoredFiles(storage, files);
    },
  };
}

export type CommunitiesService = ReturnType<typeof createCommunitiesService>;
