/**
 * HEAD requests and aborted downloads must never leave a file open: the server runs in this test process, so
 * /proc/self/fd shows every file it holds. Stored files are grown to 32 MB before the aborted GETs so that the
 * response cannot fit in socket buffers: the read stream is still open when the client goes away.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SendMessageResponse } from '../../src/shared/chat-types.ts';
import { createStaticFiles } from '../../src/server/http/static-files.ts';
import { signUp } from './support/accounts.ts';
import { befriend, createDirect, imageMessageForm, sendImage } from './support/chat.ts';
import { fixture, post } from './support/media.ts';
import { openFilesUnder, rawRequest as request, settledOpenFiles as settled } from './support/open-files.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();
const ROUNDS = 60;

async function growStoredFiles(dataDir: string) {
  const root = path.join(dataDir, 'media');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  for (const e of entries.filter((f) => f.isFile() && !f.parentPath.includes('.spool'))) {
    await fs.appendFile(path.join(e.parentPath, e.name), Buffer.alloc(32 * 2 ** 20));
  }
}

describe('open files after HEAD and aborted GET', () => {
  it('closes every stored media file and chat image after HEADs and aborted Range GETs', async () => {
    const ann = await signUp(app.origin);
    const ben = await signUp(app.origin);
    const item = await post(ann, 'clip-6s-480x270.mp4');
    await befriend(ann, ben);
    const room = await createDirect(ann, ben);
    const sent = await sendImage(ann, imageMessageForm(room, await fixture('photo-1200x800.jpg'), 'p.jpg', 'image/jpeg'));
    expect(sent.status, sent.text).toBe(201);
    const image = `/api/chat/image/${(sent.body as SendMessageResponse).message.id}/original`;
    await growStoredFiles(app.dataDir);
    const media = path.join(app.dataDir, 'media');
    const before = await openFilesUnder(media);
    const cookie = { cookie: ann.client.cookieHeader() };

    for (let i = 0; i < ROUNDS; i++) {
      expect(await request(app.origin + item.url, 'HEAD', {})).toBe(200);
      expect(await request(app.origin + item.url, 'HEAD', { range: 'bytes=0-' })).toBe(206);
      expect(await request(app.origin + image, 'HEAD', cookie)).toBe(200);
    }
    expect(await settled(media, before)).toBe(before);

    for (let i = 0; i < ROUNDS / 2; i++) {
      expect(await request(app.origin + item.url, 'GET', { range: 'bytes=0-' }, true)).toBe(206);
      expect(await request(app.origin + item.url, 'GET', {}, true)).toBe(200);
      expect(await request(app.origin + image, 'GET', { ...cookie, range: 'bytes=10-' }, true)).toBe(206);
    }
    expect(await settled(media, before)).toBe(before);
  });

  it('answers HEAD on a stored file with its headers and no body', async () => {
    const cat = await signUp(app.origin);
    const item = await post(cat, 'avatar-400.png');
    const res = await fetch(app.origin + item.url, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(res.headers.get('etag')).toBeTruthy();
    const ranged = await fetch(app.origin + item.url, { method: 'HEAD', headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-9\/\d+$/);
    expect(ranged.headers.get('content-length')).toBe('10');
  });

  it('closes static files after HEADs and aborted GETs', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-static-'));
    await fs.mkdir(path.join(dir, '_astro'));
    await fs.writeFile(path.join(dir, '_astro', 'big.js'), Buffer.alloc(32 * 2 ** 20, 0x20));
    const serve = createStaticFiles(dir);
    const server = http.createServer((req, res) => {
      void serve(req, res, req.url ?? '/').then((served) => served || res.writeHead(404).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_astro/big.js`;
    try {
      const before = await openFilesUnder(dir);
      for (let i = 0; i < ROUNDS; i++) expect(await request(url, 'HEAD', {})).toBe(200);
      for (let i = 0; i < ROUNDS / 2; i++) expect(await request(url, 'GET', {}, true)).toBe(200);
      expect(await settled(dir, before)).toBe(before);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
