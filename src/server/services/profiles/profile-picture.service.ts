/**
 * NOTE: profile pictures (ADR 012). Whatever arrives is decoded and re-encoded here: auto-oriented, cover-cropped
 * to a PICTURE_EDGE_PX square, JPEG, no metadata (EXIF, GPS, ICC comments are never copied). Callers hand in the
 * upload's bytes and the type its magic bytes claimed; a file that does not decode as that type is refused (415).
 */
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PICTURE_EDGE_PX } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { profilePictures } from '../../db/schema/index.ts';
import type { ImageType } from '../../uploads/magic-bytes.ts';
import { ServiceError } from '../../errors.ts';
import { findVisiblePerson } from './people.queries.ts';

export const UNSUPPORTED_PICTURE = 'Profile picture must be a JPEG, PNG, GIF or WebP image';
/** Decompression bombs: a few kB of PNG can claim gigapixels. 40 MP still admits a 48 MP phone photo cropped a little. */
const MAX_INPUT_PIXELS = 40_000_000;
const JPEG_QUALITY = 85;

export type StoredPicture = { image: Buffer; etag: string };

async function encode(upload: Buffer, claimed: ImageType): Promise<Buffer> {
  // Only the header is read here, so no pixel limit yet: it is checked just below with a clear answer.
  const meta = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  // The decoder must agree with the signature: a GIF header in front of a script is not a GIF.
  if (meta?.format !== claimed) throw new ServiceError(415, UNSUPPORTED_PICTURE);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new ServiceError(413, 'Profile picture has too many pixels');
  try {
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(PICTURE_EDGE_PX, PICTURE_EDGE_PX, { fit: 'cover' })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
  } catch {
    throw new ServiceError(415, UNSUPPORTED_PICTURE);
  }
}

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
