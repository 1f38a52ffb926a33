/**
 * NOTE: a ThumbHash (ADR 051) drawn as an image, in the browser. Only the package's decoder is taken (the encoder
 * and its PNG writer stay out of the bundle): the canvas makes the PNG. Loaded on demand (islands/media/use-placeholder.ts).
 */
import { thumbHashToRGBA } from 'thumbhash';

export function placeholderImage(hash: Uint8Array): string {
  const { w, h, rgba } = thumbHashToRGBA(hash);
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(rgba), w, h), 0, 0);
  return canvas.toDataURL();
}
