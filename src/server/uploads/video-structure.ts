/**
 * NOTE: proves, while the bytes stream past, that a claimed video is a container and not something wearing its
 * first bytes (ADR 015). Nothing on the server decodes video, so this is the check:
 * - MP4/MOV (ISO BMFF): `ftyp` first, then top-level boxes that tile the file exactly to its last byte (a
 *   64-bit size and a final size-0 box allowed), with a `moov` among them;
 * - WebM: an EBML header whose DocType is `webm`, followed by a Segment.
 * Use `videoStructureCheck(type)` as a pass-through Transform; it fails the stream with `error` on a mismatch.
 */
import { Transform } from 'node:stream';
import type { VideoType } from './magic-bytes.ts';

const PRINTABLE_TYPE = /^[\x20-\x7e\xa9]{4}$/;

function isoBmffCheck(fail: () => Error) {
  let position = 0; // bytes seen
  let nextBox = 0; // where the next box header starts
  let header = Buffer.alloc(0);
  let boxes = 0;
  let sawMoov = false;
  let toEnd = false; // a size-0 box runs to the end of the file
  return {
    take(chunk: Buffer): Error | null {
      let i = 0; // index in this chunk
      while (!toEnd) {
        if (header.length === 0) {
          if (nextBox >= position + chunk.length) break; // the next box starts in a later chunk
          i = nextBox - position; // never negative: a box ends no earlier than its header
        }
        const need = header.length >= 8 && header.readUInt32BE(0) === 1 ? 16 : 8;
        const taken = Math.min(need - header.length, chunk.length - i);
        header = Buffer.concat([header, chunk.subarray(i, i + taken)]);
        i += taken;
        if (header.length < need) {
          if (i >= chunk.length) break; // the header continues in the next chunk
          continue; // a 64-bit size follows
        }
        const type = header.toString('latin1', 4, 8);
        if (!PRINTABLE_TYPE.test(type) || (boxes === 0 && type !== 'ftyp')) return fail();
        const size32 = header.readUInt32BE(0);
        const size = size32 === 1 ? Number(header.readBigUInt64BE(8)) : size32;
        if (size32 === 0) toEnd = true;
        else if (size < need) return fail();
        if (type === 'moov') sawMoov = true;
        boxes += 1;
        nextBox += size;
        header = Buffer.alloc(0);
      }
      position += chunk.length;
      return null;
    },
    end: (): Error | null => ((toEnd || position === nextBox) && header.length === 0 && sawMoov ? null : fail()),
  };
}

/** Reads an EBML variable-length integer at `at`; null when it does not fit in `bytes`. */
function vint(bytes: Buffer, at: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length || length > 8) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i += 1) value = value * 256 + bytes[at + i]!;
  return { value, length };
}

const EBML_DOCTYPE = 0x4282;
const SEGMENT = 0x18538067;
const WEBM_HEAD_BYTES = 4096;

function webmCheck(fail: () => Error) {
  let head = Buffer.alloc(0);
  let decided = false;
  const decide = (): Error | null => {
    decided = true;
    const headerSize = vint(head, 4, false);
    if (!headerSize) return fail();
    const bodyStart = 4 + headerSize.length;
    const bodyEnd = bodyStart + headerSize.value;
    let docType = '';
    for (let at = bodyStart; at < bodyEnd;) {
      const id = vint(head, at, true);
      const size = id && vint(head, at + id.length, false);
      if (!id || !size) return fail();
      const dataAt = at + id.length + size.length;
      if (id.value === EBML_DOCTYPE) docType = head.toString('latin1', dataAt, dataAt + size.value);
      at = dataAt + size.value;
    }
    const segment = vint(head, bodyEnd, true);
    return docType === 'webm' && segment?.value === SEGMENT ? null : fail();
  };
  return {
    take(chunk: Buffer): Error | null {
      if (decided) return null;
      head = Buffer.concat([head, chunk]);
      return head.length >= WEBM_HEAD_BYTES ? decide() : null;
    },
    end: (): Error | null => (decided ? null : decide()),
  };
}

export function videoStructureCheck(type: VideoType, error: () => Error): Transform {
  const check = type === 'mp4' ? isoBmffCheck(error) : webmCheck(error);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(check.take(chunk), chunk);
    },
    flush(done) {
      done(check.end());
    },
  });
}
