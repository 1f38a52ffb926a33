/**
 * One HTTP byte range (RFC 9110 §14.1.2) of a file of `size` bytes: `bytes=a-b`, `bytes=a-` or `bytes=-n`.
 * null means "send it all" (no header, a header we do not understand, or several ranges — serving the whole
 * file is always allowed); 'unsatisfiable' means 416.
 */
import type { ByteRange } from '../../storage/media-storage.ts';

export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return 'unsatisfiable';
  return { start, end };
}
