/**
 * NOTE: a community's icon and banner (ADR 049): set and removed by its moderators (logged as an edit), seen by
 * whoever sees its about page. An upload is re-encoded to its size as WebP without metadata
 * (storage/cover-image.ts) and stored under a new key; the row names the new key in one transaction and the old
 * file goes after the commit, so a failure leaves the old picture in place and no stray file behind.
 */
import { eq } from 'drizzle-orm';
import { COMMUNITY_IMAGES, type CommunityImageKind } from '../../../shared/community-values.ts';
import type { Db } from '../../db/client.ts';
import { communities } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { ServiceError } from '../../errors.ts';
import { coverImage } from '../../storage/cover-image.ts';
import { newKey, type MediaStorage } from '../../storage/media-storage.ts';
import type { ImageType } from '../../uploads/magic-bytes.ts';
import { asModerator, visible } from './access.ts';
import { lockedStanding, standingBySlug } from './communities.queries.ts';
import { logAction } from './modlog.queries.ts';

export const UNSUPPORTED_COMMUNITY_IMAGE = 'The picture must be a JPEG, PNG, GIF or WebP image';
const NAMES: Record<CommunityImageKind, string> = { icon: 'Icon', banner: 'Banner' };
const column = (kind: CommunityImageKind) => (kind === 'icon' ? 'iconKey' : 'bannerKey');

export function createCommunityImagesService(deps: { db: Db; storage: MediaStorage }) {
  const { db, storage } = deps;

  /** Points the community at `key` (null: none) as a moderator, logged; answers the key it replaced. */
  async function swap(slug: string, actorId: number, kind: CommunityImageKind, key: string | null): Promise<string | null> {
    return transaction(db, async (tx) => {
      const { community } = asModerator(await lockedStanding(tx, slug, actorId));
      const old = community[column(kind)];
      await tx
        .update(communities)
        .set({ [column(kind)]: key })
        .where(eq(communities.id, community.id));
      await logAction(tx, { communityId: community.id, actorId, action: 'edit', detail: key ? kind : `${kind} removed` });
      return old;
    });
  }

  return {
    async replace(slug: string, actorId: number, kind: CommunityImageKind, upload: Buffer, claimed: ImageType): Promise<void> {
      // Refused before any work when the caller may not (the swap checks again under the lock).
      asModerator(await standingBySlug(db, slug, actorId));
      const size = COMMUNITY_IMAGES[kind];
      const image = await coverImage(upload, claimed, {
        ...size,
        format: 'webp',
        unsupported: UNSUPPORTED_COMMUNITY_IMAGE,
        what: NAMES[kind],
      });
      const key = newKey('webp');
      await storage.put(key, image);
      let old: string | null;
      try {
        old = await swap(slug, actorId, kind, key);
      } catch (err) {
        await storage.remove(key);
        throw err;
      }
      if (old) await storage.remove(old);
    },

    async remove(slug: string, actorId: number, kind: CommunityImageKind): Promise<void> {
      const old = await swap(slug, actorId, kind, null);
      if (old) await storage.remove(old);
    },

    /** The stored file for whoever sees the community's about page; 404 when it has none. */
    async file(slug: string, viewerId: number, kind: CommunityImageKind) {
      const { community } = visible(await standingBySlug(db, slug, viewerId));
      const key = community[column(kind)];
      if (!key) throw new ServiceError(404, `${NAMES[kind]} not found`);
      return { key, mime: 'image/webp', created: community.createdAt };
    },
  };
}

export type CommunityImagesService = ReturnType<typeof createCommunityImagesService>;
