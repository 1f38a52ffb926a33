/**
 * NOTE: a push service on loopback for the tests (ADR 053), standing in for FCM or autopush: HTTPS with the
 * certificate global-setup.ts made (trusted through NODE_EXTRA_CA_CERTS, as an operator's own service would be),
 * endpoints https://localhost:{port}/push/{id}. It checks each request as a real one would: the VAPID token
 * (ES256 over the claims, audience, expiry, subject) and decrypts the body with the subscription's private key and
 * auth secret (RFC 8291 / RFC 8188, written out here, not web-push's own code). `answer(id, status)` makes it refuse.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';

export type Received = {
  id: string;
  headers: Record<string, string | undefined>;
  /** The decrypted payload, parsed. */
  payload: { title: string; body: string; url: string; tag: string; icon: string };
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
  at: number;
};

export type TestSubscription = { endpoint: string; keys: { p256dh: string; auth: string }; id: string };

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: one record (push payloads are small), padding delimiter 2. */
export function decryptPush(body: Buffer, ua: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record padding delimiter');
  return padded.subarray(0, end);
}

/** Checks `vapid t=<jwt>, k=<key>` and answers its claims; throws when the signature does not hold. */
export function checkVapid(authorization: string | undefined) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [head, claims, signature] = m[1]!.split('.');
  const raw = Buffer.from(m[2]!, 'base64url');
  const key = createPublicKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  if (JSON.parse(Buffer.from(head!, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID token is not ES256');
  return { ...(JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; exp: number; sub: string }), publicKey: m[2]! };
}

export async function startPushService() {
  const { certFile, keyFile } = inject('pushTls');
  const subscribers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const answers = new Map<string, { status: number; headers?: Record<string, string>; times: number }>();
  const received: Received[] = [];
  const problems: string[] = [];
  const waiting = new Set<() => void>();
  let seq = 0;

  let origin = '';
  const server = https.createServer({ cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const who = subscribers.get(id);
      const answer = answers.get(id);
      if (!who || req.method !== 'POST') return void res.writeHead(404).end();
      if (answer && answer.times-- > 0) return void res.writeHead(answer.status, answer.headers).end('refused by the test');
      try {
        const vapid = checkVapid(req.headers.authorization);
        // As a push service does: the token is for this service, expires within a day, and names a contact.
        const now = Date.now() / 1000;
        if (vapid.aud !== origin) throw new Error(`VAPID audience ${vapid.aud}`);
        if (!(vapid.exp > now && vapid.exp <= now + 24 * 3600)) throw new Error(`VAPID expiry ${vapid.exp}`);
        if (!/^(mailto:|https:)/.test(vapid.sub)) throw new Error(`VAPID subject ${vapid.sub}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), who.ecdh, who.auth).toString('utf8')) as Received['payload'];
        const headers = { ttl: req.headers.ttl as string, urgency: req.headers.urgency as string, topic: req.headers.topic as string };
        received.push({ id, headers, payload, vapid, at: Date.now() });
        waiting.forEach((wake) => wake());
        res.writeHead(201).end();
      } catch (err) {
        problems.push(String(err));
        res.writeHead(400).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `https://localhost:${port}`;

  return {
    origin,
    /** What PUSH_ENDPOINT_HOSTS names for the server under test. */
    host: `localhost:${port}`,
    received,
    problems,
    /** A browser's subscription: its endpoint here and its keys, as PushSubscription.toJSON() gives them. */
    subscription(): TestSubscription {
      const id = `s${++seq}-${randomBytes(4).toString('hex')}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(id, { ecdh, auth });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    /** Refuses the next `times` pushes to `id` with this status (and headers). */
    answer(id: string, status: number, headers?: Record<string, string>, times = Infinity) {
      answers.set(id, { status, headers, times });
    },
    /** The pushes `id` got so far. */
    to: (id: string) => received.filter((r) => r.id === id),
    /** Waits until `id` got `count` pushes (at most `ms`), and answers them. */
    async next(id: string, count = 1, ms = 10_000): Promise<Received[]> {
      const deadline = Date.now() + ms;
      while (received.filter((r) => r.id === id).length < count) {
        if (Date.now() > deadline) throw new Error(`push ${id}: ${received.filter((r) => r.id === id).length} of ${count} arrived`);
        await new Promise<void>((resolve) => {
          const wake = () => (waiting.delete(wake), resolve());
          waiting.add(wake);
          setTimeout(wake, 200);
        });
      }
      return received.filter((r) => r.id === id);
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
