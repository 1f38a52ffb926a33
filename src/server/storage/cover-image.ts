/**
 * NOTE: an uploaded picture made safe and sized for one place (a profile picture, a community's icon or banner):
 * decoded and re-encoded, auto-oriented, cover-cropped to the exact size, no metadata (EXIF, GPS and ICC comments
 * are never copied). The decoder must agree with the type the magic bytes claimed (a GIF header in front of a
 * script is not a GIF: 415), and decompression bombs are refused before decoding (413).
 */
import sharp from 'sharp';
import { ServiceError } from '../errors.ts';
import type { ImageType } from '../uploads/magic-bytes.ts';

/** A few kB of PNG can claim gigapixels. 40 MP still admits a 48 MP phone photo cropped a little. */
const MAX_INPUT_PIXELS = 40_000_000;
const QUALITY = 85;

export type CoverOptions = {
  width: number;
  height: number;
  format: 'jpeg' | 'webp';
  /** The 415 message (names what was expected); `what` names it in the 413 ('Profile picture'). */
  unsupported: string;
  what: string;
};

export async function coverImage(upload: Buffer, claimed: ImageType, o: CoverOptions): Promise<Buffer> {
  // Only the header is read here, so no pixel limit yet: it is checked just below with a clear answer.
  const meta = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (meta?.format !== claimed) throw new ServiceError(415, o.unsupported);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new ServiceError(413, `${o.what} has too many pixels`);
  try {
    const sized = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize(o.width, o.height, { fit: 'cover' });
    return await (o.format === 'jpeg' ? sized.jpeg({ quality: QUALITY }) : sized.webp({ quality: QUALITY })).toBuffer();
  } catch {
    throw new ServiceError(415, o.unsupported);
  }
}
