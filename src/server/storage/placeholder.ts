/**
 * NOTE: the placeholder a tile shows until its picture arrives (ADR 051): a ThumbHash (about 25 bytes, base64) of
 * the picture's shape and colours, made with sharp from the picture itself. Browsers turn it back into a blurred
 * image (shared/placeholder.ts); anything that cannot decode it just shows the tile's background.
 */
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

/** ThumbHash reads at most 100×100 pixels. */
const EDGE = 100;

export async function placeholderOf(image: Buffer | string): Promise<string> {
  const { data, info } = await sharp(image, { animated: false })
    .resize(EDGE, EDGE, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
