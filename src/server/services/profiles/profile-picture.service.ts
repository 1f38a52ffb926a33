/**
 * NOTE: profile pictures (ADR 012). Whatever arrives is re-encoded (storage/cover-image.ts) to a PICTURE_EDGE_PX
 * JPEG square without metadata. Callers hand in the upload's bytes and the type its magic bytes claimed; a file
 * that does not decode as that type is refused (415).
 */
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { PICTURE_EDGE_PX } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { profilePictures } from '../../db/schema/index.ts';
import type { ImageType } from '../../uploads/magic-bytes.ts';
import { coverImage } from '../../storage/cover-image.ts';
import { findVisiblePerson } from './people.queries.ts';

export const UNSUPPORTED_PICTURE = 'Profile picture must be a JPEG, PNG, GIF or WebP image';
export type StoredPicture = { image: Buffer; etag: string };

const encode = (upload: Buffer, claimed: ImageType) =>
  coverImage(upload, claimed, {
    width: PICTURE_EDGE_PX,
    height: PICTURE_EDGE_PX,
    format: 'jpeg',
    unsupported: UNSUPPORTED_PICTURE,
    what: 'Profile picture',
  });

/** Strong validator from the content: the same picture keeps its ETag, a new one always gets a new one. */
const etagOf = (jpeg: Buffer) => `"${createHash('sha256').update(jpeg).digest('base64url').slice(0, 27)}"`;

export function createProfilePictureService(deps: { db: Db }) {
  const { db } = deps;
  async function get(userId: number): Promise<StoredPicture | null> {
    const [row] = await db
      .select({ image: profilePictures.image, etag: profilePictures.etag })
      .from(profilePictures)
      .where(eq(profilePictures.userId, userId));
    return row ?? null;
  }

  return {
    /** Re-encodes and stores the caller's picture; answers with its new ETag. Nothing is stored on failure. */
    async replace(userId: number, upload: Buffer, claimed: ImageType): Promise<string> {
      const image = await encode(upload, claimed);
      const etag = etagOf(image);
      const now = new Date();
      await db
        .insert(profilePictures)
        .values({ userId, image, etag, updatedAt: now })
        .onConflictDoUpdate({ target: profilePictures.userId, set: { image, etag, updatedAt: now } });
      return etag;
    },

    get,

    /** Someone's picture by username, as the viewer may see it: 404 'User not found' for unknown names and
     * for someone blocked either way (their picture is part of the profile they do not have for each other). */
    async getByUsername(viewerId: number, username: string): Promise<StoredPicture | null> {
      return get((await findVisiblePerson(db, viewerId, username)).id);
    },
  };
}

export type ProfilePictureService = ReturnType<typeof createProfilePictureService>;
