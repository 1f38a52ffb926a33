/**
 * NOTE: helpers for picture uploads: multipart forms around raw bytes, binary GETs (ApiClient reads text), and
 * hand-made hostile files.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import type { ApiClient, ApiResponse } from './http-client.ts';

export function imageForm(bytes: Buffer | string, filename: string, type: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), filename);
  return form;
}

/** A GET that keeps the body as bytes; JSON bodies (errors) are parsed as ApiClient would. */
export async function fetchPicture(
  client: ApiClient,
  path: string,
  headers: Record<string, string> = {},
): Promise<ApiResponse & { bytes: Buffer }> {
  const res = await fetch(new URL(path, client.origin), { headers: { cookie: client.cookieHeader(), ...headers } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  const json = (res.headers.get('content-type') ?? '').includes('application/json');
  return { status: res.status, headers: res.headers, body: json ? JSON.parse(text) : text, text, bytes };
}

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A valid PNG header that claims width x height pixels, with almost no pixel data: a decompression bomb's shape. */
export function tinyPngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The part headers of a file field, then the file's first bytes (a JPEG signature by default). */
const fileHead = (boundary: string, fileStart: Buffer = Buffer.from([0xff, 0xd8, 0xff, 0xe0])) =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.bin"\r\nContent-Type: image/jpeg\r\n\r\n`),
    fileStart,
  ]);

const uploadHeaders = (client: ApiClient, boundary: string): Record<string, string> => ({
  cookie: client.cookieHeader(),
  'x-csrf-token': client.csrfToken ?? '',
  'content-type': `multipart/form-data; boundary=${boundary}`,
});

export type Answer = { status: number; body: unknown };

/**
 * Sends a multipart upload whose body never ends: the part headers, `fileStart`, then `fileBytes` more bytes of
 * file, all written at once (chunked: the server cannot learn the length), and the request is left open. It
 * resolves with the server's answer, then drops the connection. A server that judges the file while it streams
 * answers once what it has read passes its limit; one that reads the whole body before answering waits for an end
 * that never comes, and the test times out. So a 413 here proves the refusal came before the body ended, however
 * slow or loaded the host is: nothing depends on how many bytes are in flight or how fast either side runs.
 */
export function uploadNeverEnding(client: ApiClient, path: string, opts: { fileBytes: number; fileStart?: Buffer }): Promise<Answer> {
  const boundary = `----savepoint${Date.now()}`;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(new URL(path, client.origin), { method: 'POST', headers: uploadHeaders(client, boundary) });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
      });
    });
    // Once answered, the rest of what was written may meet a closed socket: the answer is what counts.
    req.on('error', (err) => (answered ? undefined : reject(err)));
    req.write(fileHead(boundary, opts.fileStart));
    req.write(Buffer.alloc(opts.fileBytes, 0x5a)); // Node buffers what the socket does not take yet; no end()
  });
}

export type StreamedAnswer = Answer & { sent: number };

/**
 * Sends a multipart upload whose file never ends, 64 kB at a time as the socket accepts them, until the server
 * answers (or `giveUpAfter` bytes, when the body is ended). `sent` says how much the client had written when the
 * answer came; it depends on socket buffers and on how busy the host is, so prefer `uploadNeverEnding` to prove an
 * early answer. The file starts with `fileStart` (a JPEG signature by default). With `declaredLength` the request
 * carries that Content-Length instead of being chunked, and only the part headers are sent.
 */
export function streamEndlessUpload(
  client: ApiClient,
  path: string,
  opts: { giveUpAfter: number; declaredLength?: number; fileStart?: Buffer; head?: (boundary: string) => Buffer },
): Promise<StreamedAnswer> {
  const boundary = `----savepoint${Date.now()}`;
  const head = opts.head?.(boundary) ?? fileHead(boundary, opts.fileStart);
  const headers = uploadHeaders(client, boundary);
  if (opts.declaredLength !== undefined) headers['content-length'] = String(opts.declaredLength);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(new URL(path, client.origin), { method: 'POST', headers });
    req.on('response', (res) => {
      answered = true;
      const atAnswer = sent;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), sent: atAnswer });
      });
    });
    // Writing after the server has answered and closed may fail: the answer is what counts.
    req.on('error', (err) => (answered ? undefined : reject(err)));
    req.write(head);
    sent = head.length;
    if (opts.declaredLength !== undefined) return;
    const block = Buffer.alloc(64 * 1024, 0x5a);
    const pump = () => {
      while (!answered && sent < opts.giveUpAfter) {
        sent += block.length;
        if (!req.write(block)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/**
 * A multipart POST the caller writes by hand (parts, pauses, a cut-off): the request is returned open. It carries
 * the client's cookies and csrf token, and `length` as Content-Length when given (else it is chunked).
 */
export function rawMultipartRequest(client: ApiClient, path: string, boundary: string, length?: number): http.ClientRequest {
  const req = http.request(new URL(path, client.origin), {
    method: 'POST',
    headers: {
      cookie: client.cookieHeader(),
      'x-csrf-token': client.csrfToken ?? '',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(length === undefined ? {} : { 'content-length': String(length) }),
    },
  });
  req.on('error', () => {}); // the tests that cut requests off expect their own socket to fail
  return req;
}
