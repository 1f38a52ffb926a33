/**
 * NOTE: turns the crop (in % of the image, so it survives the preview being resized) into a JPEG of that region
 * at the image's natural resolution (spec §5: output is JPEG), capped at MAX_EDGE_PX so the canvas stays within
 * what browsers allow. Transparent pixels (PNG, GIF) become white rather than black. The server re-encodes and
 * resizes whatever arrives, so the quality here only needs to be good, not small.
 */
import type { PercentCrop } from 'react-image-crop';

const JPEG_QUALITY = 0.92;
const MAX_EDGE_PX = 4096;

export function cropToJpeg(image: HTMLImageElement, crop: PercentCrop): Promise<Blob> {
  const { naturalWidth, naturalHeight } = image;
  const sx = Math.round((crop.x / 100) * naturalWidth);
  const sy = Math.round((crop.y / 100) * naturalHeight);
  const sw = Math.max(1, Math.min(Math.round((crop.width / 100) * naturalWidth), naturalWidth - sx));
  const sh = Math.max(1, Math.min(Math.round((crop.height / 100) * naturalHeight), naturalHeight - sy));
  const scale = Math.min(1, MAX_EDGE_PX / Math.max(sw, sh));
  const width = Math.max(1, Math.round(sw * scale));
  const height = Math.max(1, Math.round(sh * scale));

  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('Canvas is not available'));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, sw, sh, 0, 0, width, height);

  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))), 'image/jpeg', JPEG_QUALITY);
  });
}
