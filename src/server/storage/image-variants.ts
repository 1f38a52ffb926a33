/**
 * NOTE: the files a photo post is served from (ADR 015), made by sharp from the spooled upload. Nothing of the
 * original survives: pixels are decoded and re-encoded, so EXIF (GPS, camera), ICC comments and anything appended
 * after the image data are gone. The decoder must agree with the type the magic bytes claimed, else 415.
 */
import sharp, { type Sharp } from 'sharp';
import { ServiceError } from '../errors.ts';
import type { ImageType } from '../uploads/magic-bytes.ts';

/** Decompression bombs: a few kB of PNG can claim gigapixels. 50 MP admits every phone camera. */
const MAX_PIXELS = 50_000_000;
/** Animated images: every frame is decoded, so frames times area is what costs. */
const MAX_ANIMATED_PIXELS = 200_000_000;
const DISPLAY_EDGE_PX = 2048;
const THUMB_EDGE_PX = 480;

export type ImageVariants = { display: Buffer; thumb: Buffer; width: number; height: number; mime: 'image/webp' };

/** The refusal of an animation whose frames together are too large: says what counts and what this one has. */
const tooManyFrames = (width: number, height: number, frames: number) =>
  `Animated images may have at most ${MAX_ANIMATED_PIXELS / 1_000_000} megapixels across all their frames; ` +
  `this one has ${frames} frames of ${width}×${height} (${Math.round((width * height * frames) / 1_000_000)} megapixels). ` +
  'Use fewer frames, smaller frames, or post it as a video';

export const UNSUPPORTED_MEDIA = 'Only photos (JPEG, PNG, GIF, WebP) and videos (MP4, MOV, WebM) can be posted';

/** `thumb`: 'square' for grids (cover crop), 'inside' keeps the shape (chat thumbnails). */
export async function makeImageVariants(file: string, claimed: ImageType, thumb: 'square' | 'inside' = 'square'): Promise<ImageVariants> {
  // Only the header is read here, so no pixel limit yet: it is checked just below with a clear answer.
  const meta = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (meta?.format !== claimed || !meta.width || !meta.height) throw new ServiceError(415, UNSUPPORTED_MEDIA);
  const frames = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > MAX_PIXELS) throw new ServiceError(413, `Photos may have at most ${MAX_PIXELS / 1_000_000} megapixels`);
  if (meta.width * frameHeight * frames > MAX_ANIMATED_PIXELS) throw new ServiceError(413, tooManyFrames(meta.width, frameHeight, frames));
  const animated = frames > 1;
  // An animated image decodes as one tall image of every frame: its limit is the total, checked above.
  const limitInputPixels = animated ? MAX_ANIMATED_PIXELS : MAX_PIXELS;
  try {
    // Auto-orientation reads EXIF, which animated formats do not carry; sharp refuses to rotate them anyway.
    const oriented = (s: Sharp) => (animated ? s : s.rotate());
    const display = await oriented(sharp(file, { animated, limitInputPixels }))
      .resize(DISPLAY_EDGE_PX, DISPLAY_EDGE_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: 3 })
      .toBuffer({ resolveWithObject: true });
    const small = await oriented(sharp(file, { limitInputPixels: MAX_PIXELS }))
      .resize(THUMB_EDGE_PX, THUMB_EDGE_PX, thumb === 'square' ? { fit: 'cover' } : { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78, effort: 3 })
      .toBuffer();
    const height = display.info.pageHeight ?? display.info.height;
    return { display: display.data, thumb: small, width: display.info.width, height, mime: 'image/webp' };
  } catch {
    throw new ServiceError(415, UNSUPPORTED_MEDIA);
  }
}
