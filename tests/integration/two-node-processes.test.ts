/**
 * A site of two real Savepoint processes (the production entry, each with its own DATA_DIR and port) sharing one
 * PostgreSQL, a real Debian `redis-server` and an S3-compatible server, all on loopback. Two people are signed in
 * on different nodes (HTTP and sockets through their own node): live events, sign-out drops and media cross
 * nodes, a socket that moves to the other node recovers what it missed, and a Redis restart loses no message.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/shared/chat-types.ts';
import type { MediaItem, NotificationItem } from '../../src/shared/api-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, roomOf, say } from './support/chat.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { fetchSigned, fixture, mediaForm, post, storedFiles, uploadMedia } from './support/media.ts';
import { cleanUp, freePort, makeDataDir, startMain, stopMain, type MainProcess } from './support/processes.ts';
import { startTestRedis, type TestRedis } from './support/redis.ts';
import { startS3, type TestS3 } from './support/s3.ts';
import { expectTypingAndRenameToCross } from './support/two-nodes.ts';
import { closeAllSockets, connectAt, nextDisconnect, nextEvent, type TestSocket } from './support/sockets.ts';
import { ask, idOf, sql } from './support/social.ts';

type Node = MainProcess & { dataDir: string; port: number };

let redis: TestRedis;
let s3: TestS3;
let database: TestDatabase;
let a: Node;
let b: Node;

async function startNode(env: Record<string, string>): Promise<Node> {
  const [dataDir, port] = [await makeDataDir(), await freePort()];
  return { ...(await startMain(dataDir, port, env)), dataDir, port };
}

beforeAll(async () => {
  [redis, s3, database] = await Promise.all([startTestRedis(), startS3(), createTestDatabase()]);
  const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, SESSION_SECRET: randomBytes(32).toString('hex'), ...s3.env };
  // Node A only queues videos (MEDIA_WORKERS=0): node B processes every one, whichever node took the upload.
  [a, b] = await Promise.all([startNode({ ...env, MEDIA_WORKERS: '0' }), startNode(env)]);
});
afterAll(async () => {
  closeAllSockets();
  await Promise.all([a, b].map((node) => node && stopMain(node)));
  await cleanUp();
  await redis?.stop();
  await s3?.stop();
});
afterEach(closeAllSockets);

/** This person's browser, with a socket on `node`. */
const socketOn = (node: Node, who: SignedUp) => connectAt(node.origin, who.client);

/** Alice signed up through node A, Bob through node B, friends with a direct room. */
async function pair(): Promise<{ alice: SignedUp; bob: SignedUp; roomId: number }> {
  const [alice, bob] = await Promise.all([signUp(a.origin), signUp(b.origin)]);
  await befriend(alice, bob);
  return { alice, bob, roomId: await createDirect(alice, bob) };
}

const alive = (node: Node) => node.child.exitCode === null && node.child.signalCode === null;

describe('two node processes', () => {
  it('carry a chat message, typing, a group rename and a notification from node A to node B', async () => {
    const [owner, ann, carl] = await Promise.all([signUp(a.origin), signUp(b.origin), signUp(b.origin)]);
    await befriend(owner, ann);
    const roomId = await createGroup(owner, 'Raid night', [ann]);
    const [ownerOnA, annOnB, carlOnB] = await Promise.all([socketOn(a, owner), socketOn(b, ann), socketOn(b, carl)]);

    const message = nextEvent(annOnB, 'chat_message', 3000);
    await say(owner, roomId, 'hello from A');
    expect(await message).toMatchObject({ room_id: roomId, content: 'hello from A', sender_id: idOf(owner) });

    await expectTypingAndRenameToCross(owner, ownerOnA, annOnB, ann, roomId);

    const notified = nextEvent(carlOnB, 'notification', 3000);
    expect((await ask(owner, carl)).status).toBe(201);
    expect(((await notified) as NotificationItem).type).toBe('friend_request');
  });

  it('sends upload_progress to the uploader’s socket on node B, and serves the file from the bucket through node B', async () => {
    const { alice, bob } = await pair();
    const aliceOnB = await socketOn(b, alice);
    const progress: unknown[] = [];
    aliceOnB.on('upload_progress', (p) => progress.push(p));

    const media = await post(alice, 'avatar-400.png');
    await expect.poll(() => progress, { timeout: 3000 }).toEqual([{ uploading: true }, { uploading: false, media_id: media.id }]);

    const rows = await sql<{ file_key: string; thumb_key: string | null }>(
      database,
      'select file_key, thumb_key from media where id = $1',
      [media.id],
    );
    const keys = rows.flatMap((r) => [r.file_key, r.thumb_key]).filter((k): k is string => k !== null);
    expect(keys.length).toBeGreaterThan(0);
    expect(await s3.objectKeys()).toEqual(expect.arrayContaining(keys));
    expect(await storedFiles(a.dataDir)).toEqual([]);
    expect(await storedFiles(b.dataDir)).toEqual([]);

    // Bob's browser, on node B, asks for the signed URL node A handed out.
    const whole = await fetchSigned(b.origin, media.url, { cookie: bob.client.cookieHeader() });
    expect(whole.status).toBe(200);
    expect(whole.bytes.length).toBeGreaterThan(20);
    const part = await fetchSigned(b.origin, media.url, { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${whole.bytes.length}`);
    expect(Buffer.compare(part.bytes, whole.bytes.subarray(10, 20))).toBe(0);
  });

  it(
    "shares the job queue: a video uploaded through node A is processed by node B, and A's socket hears it is ready",
    { timeout: 60_000 },
    async () => {
      const cleo = await signUp(a.origin);
      const cleoOnA = await socketOn(a, cleo);
      const ready = new Promise<unknown>((resolve) => cleoOnA.on('upload_progress', (p) => !p.uploading && resolve(p)));
      const res = await uploadMedia(cleo, mediaForm(await fixture('clip-6s-480x270.mp4'), 'clip.mp4'));
      expect(res.status, res.text).toBe(201);
      expect(res.body.media.status).toBe('processing');
      expect(await ready).toEqual({ uploading: false, media_id: res.body.media.id, processed: true });
      // B logs before it publishes, but its stdout reaches this process through a pipe that may lag the socket.
      await expect.poll(() => b.output()).toContain(`"mediaId":${res.body.media.id},"kind":"remux"`);
      expect(a.output()).not.toContain('"msg":"video processed"');
      const served = await fetchSigned(a.origin, (await cleo.client.get<MediaItem>(`/api/media/${res.body.media.id}`)).body.poster_url!);
      expect(served.headers.get('content-type')).toBe('image/webp');
    },
  );

  it('drops the session’s socket on node B when it signs out through node A', async () => {
    const dave = await signUp(a.origin);
    const daveOnB = await socketOn(b, dave);
    const dropped = nextDisconnect(daveOnB, 3000);
    expect((await dave.client.post('/api/auth/logout')).status).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });
});

/** A stand-in load balancer: forwards to one port; `switchTo` drops every connection and sends new ones elsewhere. */
async function balancer(firstPort: number) {
  let target = firstPort;
  const open = new Set<net.Socket>();
  const server = net.createServer((downstream) => {
    const upstream = net.connect(target, '127.0.0.1');
    open.add(downstream).add(upstream);
    downstream.pipe(upstream).pipe(downstream);
    const end = () => {
      for (const s of [downstream, upstream]) {
        s.destroy();
        open.delete(s);
      }
    };
    for (const s of [downstream, upstream]) s.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    switchTo(port: number) {
      target = port;
      for (const s of open) s.destroy();
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('a socket that moves from node A to node B', () => {
  it('recovers the messages sent meanwhile, once each and in order', async () => {
    const { alice, bob, roomId } = await pair();
    const lb = await balancer(a.port);
    // The browser's own reconnecting client (the shared helpers never reconnect).
    const socket: TestSocket = io(lb.origin, {
      transports: ['websocket'],
      auth: { token: bob.client.csrfToken },
      extraHeaders: { cookie: bob.client.cookieHeader(), origin: lb.origin },
      forceNew: true,
      reconnectionDelay: 300,
      reconnectionDelayMax: 300,
    });
    try {
      await new Promise((resolve) => socket.once('connect', () => resolve(null)));
      const heard: string[] = [];
      socket.on('chat_message', (message: ChatMessage) => heard.push(message.content));
      const first = nextEvent(socket, 'chat_message', 3000);
      await say(alice, roomId, 'before');
      await first;

      const dropped = nextDisconnect(socket, 3000);
      lb.switchTo(b.port);
      expect(await dropped).toBe('transport close');
      const back = new Promise<boolean>((resolve) => socket.once('connect', () => resolve(socket.recovered)));
      await say(alice, roomId, 'missed 1');
      await say(alice, roomId, 'missed 2');
      expect(await back).toBe(true);
      const last = nextEvent(socket, 'chat_message', 3000);
      await say(alice, roomId, 'after');
      await last;
      // A duplicate would have arrived before 'after' (one socket delivers in order).
      expect(heard).toEqual(['before', 'missed 1', 'missed 2', 'after']);
    } finally {
      socket.close();
      await lb.close();
    }
  });
});

describe('Redis restarted mid-test', () => {
  it('loses no stored message: the history through node B has every one, once each', { timeout: 45_000 }, async () => {
    const { alice, bob, roomId } = await pair();
    const bobOnB = await socketOn(b, bob);
    const before = nextEvent(bobOnB, 'chat_message', 3000);
    await say(alice, roomId, 'before the restart');
    expect(await before).toMatchObject({ content: 'before the restart' });

    await redis.stop();
    await say(alice, roomId, 'while Redis is down (A)');
    await say(bob, roomId, 'while Redis is down (B)');
    await redis.start();

    // Cross-node delivery comes back by itself once the nodes reconnect (every ≤ 2 s).
    const sent = ['before the restart', 'while Redis is down (A)', 'while Redis is down (B)'];
    let resumed = false;
    for (let attempt = 0; attempt < 20 && !resumed; attempt++) {
      const heard = nextEvent(bobOnB, 'chat_message', 1000);
      const content = `after the restart ${attempt}`;
      await say(alice, roomId, content);
      sent.push(content);
      resumed = ((await heard) as ChatMessage | 'timeout') !== 'timeout';
    }
    expect(resumed).toBe(true);
    expect(alive(a) && alive(b)).toBe(true);
    expect(bobOnB.connected).toBe(true);

    const history = (await roomOf(bob, roomId, '?limit=50')).messages.map((m) => m.content);
    expect([...history].sort()).toEqual([...sent].sort());
  });
});
