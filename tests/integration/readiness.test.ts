/**
 * Readiness for a load balancer (GET /api/health/ready): ready when every configured part answers, 503 naming
 * the part that does not (and never its address or keys), 503 at once while the node shuts down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from './support/redis.ts';
import { startS3, type TestS3 } from './support/s3.ts';
import { startTestServer, type TestServer } from './support/server.ts';

type Ready = { status?: string; error?: string; draining?: boolean; checks: Record<string, string> };

async function readiness(origin: string) {
  const res = await fetch(`${origin}/api/health/ready`);
  return { status: res.status, text: await res.clone().text(), body: (await res.json()) as Ready, cache: res.headers.get('cache-control') };
}

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, ms = 8_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last = await probe();
  while (!accept(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    last = await probe();
  }
  return last;
}

describe('readiness on a single node (database and disk)', () => {
  let node: TestServer;
  beforeAll(async () => {
    node = await startTestServer();
  });
  afterAll(() => node?.stop());

  it('is ready, checks the database and the media folder, and is never cached', async () => {
    const answer = await readiness(node.origin);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
    expect(answer.cache).toBe('no-store');
  });

  it('keeps GET /api/health as the liveness check', async () => {
    const res = await fetch(`${node.origin}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 at once once the node is draining, while liveness stays 200', async () => {
    node.server.services.health.startDraining();
    const answer = await readiness(node.origin);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ error: 'Shutting down', draining: true, checks: {} });
    expect((await fetch(`${node.origin}/api/health`)).status).toBe(200);
  });
});

describe('readiness with Redis and a bucket', () => {
  let redis: TestRedis;
  let s3: TestS3;
  let node: TestServer;
  let s3Stopped = false;
  beforeAll(async () => {
    redis = await startTestRedis();
    s3 = await startS3();
    node = await startTestServer({ REDIS_URL: redis.url, ...s3.env });
  });
  afterAll(async () => {
    await node?.stop();
    if (!s3Stopped) await s3?.stop();
    await redis?.stop();
  });

  it('is ready when the database, Redis and the bucket answer', async () => {
    const answer = await readiness(node.origin);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', redis: 'ok' } });
  });

  it('names Redis when it stops, without its address, and is ready again when it returns', async () => {
    await redis.stop();
    const down = await eventually(
      () => readiness(node.origin),
      (a) => a.status === 503,
    );
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      error: 'Not ready: redis unreachable',
      draining: false,
      checks: { database: 'ok', storage: 'ok', redis: 'failed' },
    });
    expect(down.text).not.toContain(String(redis.port));
    await redis.start();
    const back = await eventually(
      () => readiness(node.origin),
      (a) => a.status === 200,
    );
    expect(back.status, back.text).toBe(200);
  });

  it('names the storage when the bucket does not answer, without its keys or address', async () => {
    const endpoint = s3.env.S3_ENDPOINT!;
    await s3.stop();
    s3Stopped = true;
    const down = await readiness(node.origin);
    expect(down.status).toBe(503);
    expect(down.body.checks).toEqual({ database: 'ok', storage: 'failed', redis: 'ok' });
    expect(down.body.error).toBe('Not ready: storage unreachable');
    expect(down.text).not.toContain('S3RVER');
    expect(down.text).not.toContain(new URL(endpoint).port);
  });
});

describe('readiness with a bucket that does not exist', () => {
  let s3: TestS3;
  let node: TestServer;
  beforeAll(async () => {
    s3 = await startS3();
    node = await startTestServer({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
  });
  afterAll(async () => {
    await node?.stop();
    await s3?.stop();
  });

  it('is not ready: "not found" counts as healthy only for the probe key, not for the bucket', async () => {
    const answer = await readiness(node.origin);
    expect(answer.status).toBe(503);
    expect(answer.body.checks.storage).toBe('failed');
  });
});
