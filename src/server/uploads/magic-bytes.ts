/**
 * NOTE: file types are decided from the first bytes of the content, never from the file name or the client's
 * Content-Type. A signature proves only the start of a file: callers must still decode (sharp, ffprobe) and
 * treat a decoding failure as "not this type". Read at least SNIFF_BYTES before calling `detectType`.
 */
export const SNIFF_BYTES = 16;

export type Signature<T extends string> = { type: T; mime: string; matches: (head: Buffer) => boolean };

const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const startsWithText = (head: Buffer, text: string, at = 0) => head.toString('latin1', at, at + text.length) === text;

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

/** The raster formats people upload as pictures. SVG is deliberately absent: it is a document that can run script. */
export const IMAGE_SIGNATURES: readonly Signature<ImageType>[] = [
  { type: 'jpeg', mime: 'image/jpeg', matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  { type: 'png', mime: 'image/png', matches: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'gif', mime: 'image/gif', matches: (h) => startsWithText(h, 'GIF87a') || startsWithText(h, 'GIF89a') },
  { type: 'webp', mime: 'image/webp', matches: (h) => startsWithText(h, 'RIFF') && startsWithText(h, 'WEBP', 8) },
];

/** The first signature the head matches, or null. */
export function detectType<T extends string>(head: Buffer, signatures: readonly Signature<T>[]): Signature<T> | null {
  return signatures.find((s) => s.matches(head)) ?? null;
}

export type VideoType = 'mp4' | 'webm';

/** ISO BMFF (MP4, MOV) opens with an `ftyp` box; WebM with an EBML header. The structure is checked on the stream. */
export const VIDEO_SIGNATURES: readonly Signature<VideoType>[] = [
  { type: 'mp4', mime: 'video/mp4', matches: (h) => startsWithText(h, 'ftyp', 4) },
  { type: 'webm', mime: 'video/webm', matches: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]) },
];

export type MediaFileType = ImageType | VideoType;
export const MEDIA_SIGNATURES: readonly Signature<MediaFileType>[] = [...IMAGE_SIGNATURES, ...VIDEO_SIGNATURES];
export const isVideoType = (type: MediaFileType): type is VideoType => type === 'mp4' || type === 'webm';
