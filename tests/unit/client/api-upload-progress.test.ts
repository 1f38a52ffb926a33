// @vitest-environment happy-dom
/**
 * api.uploadWithProgress (XMLHttpRequest, for the upload progress bar) sends what api.upload sends and fails
 * the same way, against a real HTTP stand-in (see support/stand-in.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearCsrfCookie, deadOrigin, json, nextMillisecond, startStandIn, visit, type StandIn } from './support/stand-in.ts';

let standIn: StandIn;
let client: typeof import('../../../src/client/api.ts');

beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(() => standIn.close());
beforeEach(async () => {
  clearCsrfCookie();
  await nextMillisecond();
  standIn.requests.length = 0;
  visit(standIn.origin);
  client = await import('../../../src/client/api.ts');
});

function mediaForm(): FormData {
  const form = new FormData();
  form.append('caption', 'GG');
  form.append('file', new Blob(['video-bytes'.repeat(1000)], { type: 'video/mp4' }), 'clip.mp4');
  return form;
}

describe('uploadWithProgress', () => {
  it('posts multipart to the API base with the token and cookies, caption before file, and reports progress', async () => {
    document.cookie = 'csrf_token=token-from-cookie; Path=/; SameSite=Lax';
    standIn.respond = (_req, res) => json(res, 201, { message: 'Uploaded', media: { id: 7 } });
    const progress: Array<[number, number]> = [];
    const result = await client.api.uploadWithProgress('/media/upload', mediaForm(), (sent, total) => progress.push([sent, total]));
    expect(result).toEqual({ message: 'Uploaded', media: { id: 7 } });
    const [upload] = standIn.requests;
    expect(upload).toMatchObject({ method: 'POST', url: '/api/media/upload' });
    expect(upload!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload!.headers['x-csrf-token']).toBe('token-from-cookie');
    expect(upload!.headers.cookie).toContain('csrf_token=token-from-cookie');
    expect(upload!.body.indexOf('name="caption"')).toBeLessThan(upload!.body.indexOf('name="file"'));
    for (const [sent, total] of progress) expect(sent).toBeLessThanOrEqual(total);
  });

  it("a refusal rejects with ApiError carrying the server's error text and status", async () => {
    standIn.respond = (_req, res) => json(res, 415, { error: 'Only images and videos can be uploaded' });
    const err = await client.api.uploadWithProgress('/media/upload', mediaForm(), () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(client.ApiError);
    expect(err).toMatchObject({ status: 415, serverMessage: 'Only images and videos can be uploaded' });
  });

  it('an answer that is not JSON rejects with the status and no server text', async () => {
    standIn.respond = (_req, res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad Gateway</h1>');
    const err = await client.api.uploadWithProgress('/media/upload', mediaForm(), () => {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, serverMessage: null, body: null });
  });

  it('a broken connection rejects with status 0 and a message for people', async () => {
    visit(await deadOrigin());
    const err = await client.api.uploadWithProgress('/media/upload', mediaForm(), () => {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, serverMessage: client.UPLOAD_NETWORK_ERROR });
  });
});
