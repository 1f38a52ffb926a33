/**
 * NOTE: a stream of exactly the first `length` bytes of `source`. The source is destroyed once they have passed,
 * when the returned stream is destroyed (a client gone mid-download: the connection behind it is let go at once),
 * or on error; a source that ends short fails the returned stream rather than answering a truncated file as whole.
 */
import { Readable } from 'node:stream';

export function takeBytes(source: Readable, length: number): Readable {
  let left = length;
  const out = new Readable({
    read() {
      source.resume();
    },
    destroy(err, callback) {
      source.destroy();
      callback(err);
    },
  });
  source.pause();
  source.on('data', (chunk: Buffer) => {
    if (left <= 0) return;
    const part = chunk.length > left ? chunk.subarray(0, left) : chunk;
    left -= part.length;
    const more = out.push(part);
    if (left === 0) {
      out.push(null);
      source.destroy();
    } else if (!more) source.pause();
  });
  const fail = (err?: Error) => {
    if (left > 0) out.destroy(err ?? new Error(`stored file ended ${left} bytes short`));
  };
  source.on('end', () => fail());
  source.on('close', () => fail());
  source.on('error', fail);
  if (length === 0) {
    out.push(null);
    source.destroy();
  }
  return out;
}
