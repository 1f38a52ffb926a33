/**
 * NOTE: a push service for the chat bench (ADR 053): HTTPS on loopback with a throwaway certificate (the server
 * trusts it through NODE_EXTRA_CA_CERTS and accepts it through PUSH_ENDPOINT_HOSTS), answering every push 201 and
 * counting them. It does not decrypt (the integration tests check payloads); it only makes the server do the whole
 * delivery: fan-out, encryption, signing and the HTTPS post.
 */
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { makeCertificate } from '../tests/integration/support/certificate.ts';

export async function startPushSink() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-push-sink-'));
  const { certFile, keyFile } = makeCertificate(dir);
  let received = 0;
  const server = https.createServer({ cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) }, (req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let seq = 0;
  return {
    /** The server's settings for this sink. */
    env: { PUSH_ENDPOINT_HOSTS: `localhost:${port}`, NODE_EXTRA_CA_CERTS: certFile },
    received: () => received,
    /** A browser's subscription body for POST /api/push/subscriptions. */
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        endpoint: `https://localhost:${port}/push/${++seq}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      };
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type PushSink = Awaited<ReturnType<typeof startPushSink>>;
