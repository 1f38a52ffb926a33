/**
 * NOTE: receives one file from a multipart/form-data request by streaming the raw Node request through busboy
 * (Hono's body readers buffer the whole body; architecture §1). Rules for callers:
 * - list the route in STREAMED_UPLOAD_ROUTES (api/app.ts): the 64 kB JSON body limit must not read it first;
 * - `maxBytes` is enforced while reading: the promise rejects with 413 as soon as it is passed, without waiting
 *   for the rest (the HTTP layer drains or drops what the client still sends);
 * - the file's first bytes must match `signatures` (else 415 `unsupported`) before `sink` sees a single byte;
 *   the sink then gets the whole file as a stream: collect it (small files) or pipe it to storage (large ones).
 * - on any failure (a limit, a malformed part after the file, the client going away) the stream the sink reads is
 *   destroyed, so a sink that spools must remove its partial file when its stream errors; a file the sink had
 *   already finished is handed to `discard`, so a sink that keeps files must pass one.
 */
import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { pipeline, Transform, type Readable } from 'node:stream';
import { ServiceError, badRequest } from '../errors.ts';
import { SNIFF_BYTES, detectType, type Signature } from './magic-bytes.ts';

/**
 * Text fields are held whole up to this many bytes: the longest text a schema allows (a 2,200-character caption,
 * up to 3 UTF-8 bytes per UTF-16 unit) fits with room to spare, so the schema, not the parser, refuses what is
 * too long. A longer field is refused here (400), never cut: busboy's default would truncate at 4,096 bytes.
 */
const FIELD_BYTES = 16 * 1024;
/** Room for boundaries, part headers and a few text fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const MALFORMED = 'Malformed multipart body';

export type FileUpload<T extends string, R> = {
  field: string;
  maxBytes: number;
  signatures: readonly Signature<T>[];
  /** `tooLarge` may name the kind of file once its type is known (null before, e.g. from Content-Length). */
  messages: { missing: string; unsupported: string; tooLarge: string | ((type: T | null) => string) };
  sink: (file: Readable, type: T) => Promise<R>;
  /** Removes what the sink made when the request fails after the sink finished (e.g. the spooled file). */
  discard?: (file: R) => Promise<unknown>;
};

/** Holds the stream back until its first bytes match a signature, then passes everything through. */
function sniffer<T extends string>(upload: Pick<FileUpload<T, unknown>, 'signatures' | 'messages'>) {
  let head: Buffer[] = [];
  let seen = 0;
  let resolveType: (type: T) => void = () => {};
  const typed = new Promise<T>((resolve) => (resolveType = resolve));
  const decide = (self: Transform) => {
    const bytes = Buffer.concat(head);
    head = [];
    if (bytes.length === 0) return badRequest(upload.messages.missing);
    const signature = detectType(bytes, upload.signatures);
    if (!signature) return new ServiceError(415, upload.messages.unsupported);
    resolveType(signature.type);
    self.push(bytes);
    return null;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (seen >= SNIFF_BYTES) return done(null, chunk);
      head.push(chunk);
      seen += chunk.length;
      done(seen >= SNIFF_BYTES ? decide(this) : null);
    },
    flush(done) {
      done(seen < SNIFF_BYTES ? decide(this) : null);
    },
  });
  const type = new Promise<T>((resolve, reject) => {
    stream.once('error', reject);
    void typed.then(resolve);
  });
  return { stream, type };
}

export function receiveFile<T extends string, R>(
  req: IncomingMessage,
  upload: FileUpload<T, R>,
): Promise<{ file: R; fields: Record<string, string> }> {
  if (!/^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '')) {
    return Promise.reject(new ServiceError(415, 'Content-Type must be multipart/form-data'));
  }
  const maxBody = upload.maxBytes + FORM_OVERHEAD_BYTES;
  const tooLarge = (type: T | null) => {
    const { tooLarge: message } = upload.messages;
    return new ServiceError(413, typeof message === 'string' ? message : message(type));
  };
  if (Number(req.headers['content-length']) > maxBody) return Promise.reject(tooLarge(null));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: upload.maxBytes, fields: 20, fieldSize: FIELD_BYTES, parts: 25, headerPairs: 20 },
    });
  } catch {
    return Promise.reject(badRequest(MALFORMED));
  }

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let received = 0;
    let sniffed: T | null = null;
    let settled = false;
    let stored: Promise<R> | undefined;
    let feeding: Transform | undefined;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.off('data', count);
      feeding?.destroy(new Error('upload failed'));
      const { discard } = upload;
      if (stored && discard) stored.then(discard).catch(() => {});
      reject(err);
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBody) fail(tooLarge(sniffed));
    };

    parser.on('file', (name, file) => {
      if (name !== upload.field || stored) return void file.resume();
      const sniff = sniffer(upload);
      feeding = sniff.stream;
      file.once('limit', () => sniff.stream.destroy(tooLarge(sniffed)));
      pipeline(file, sniff.stream, () => {});
      void sniff.type.then(
        (type) => (sniffed = type),
        () => {},
      );
      stored = sniff.type.then((type) => upload.sink(sniff.stream, type));
      stored.catch(fail);
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated)
        return fail(badRequest(`${/^\w{1,32}$/.test(name) ? name : 'A form field'} is too long`));
      fields[name] = value;
    });
    // `on`, not `once`: a parser abandoned after a failure may still complain, and an unheard 'error' would crash.
    parser.on('error', () => fail(badRequest(MALFORMED)));
    parser.once('close', () => {
      if (!stored) return fail(badRequest(upload.messages.missing));
      stored.then((file) => {
        if (settled) return;
        settled = true;
        resolve({ file, fields });
      }, fail);
    });
    req.once('close', () => {
      if (!req.complete) fail(badRequest('The upload was interrupted'));
    });
    req.on('data', count);
    req.pipe(parser);
  });
}

/** A sink for small files: the whole file in memory (bounded by `maxBytes`, which the stream enforces). */
export async function collect(file: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
