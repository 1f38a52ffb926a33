/**
 * NOTE: two Savepoint nodes in this process on one database and one real Redis (REDIS_URL, the same
 * SESSION_SECRET), as a multi-node site is deployed; started before the file's tests and stopped after them.
 * Read `a`, `b` and `redis` inside tests only.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { SignedUp } from './accounts.ts';
import { startTestRedis, type TestRedis } from './redis.ts';
import { startTestServer, type TestServer } from './server.ts';
import { emitRaw, nextEvent, type TestSocket } from './sockets.ts';
import { idOf, nameOf } from './social.ts';

/** `env`: settings both nodes share besides Redis and the session secret. */
export function useTwoNodes(env: Record<string, string> = {}): {
  readonly a: TestServer;
  readonly b: TestServer;
  readonly redis: TestRedis;
} {
  let site: { a: TestServer; b: TestServer; redis: TestRedis } | undefined;
  let started: Partial<{ a: TestServer; b: TestServer; redis: TestRedis }> = {};
  beforeAll(async () => {
    started = {};
    started.redis = await startTestRedis();
    const shared = { ...env, REDIS_URL: started.redis.url, SESSION_SECRET: randomBytes(32).toString('hex') };
    started.a = await startTestServer(shared);
    started.b = await startTestServer(shared, undefined, started.a.database);
    site = started as typeof site;
  });
  afterAll(async () => {
    await started.a?.stop();
    await started.b?.stop();
    await started.redis?.stop();
  });
  const get = () => {
    if (!site) throw new Error('useTwoNodes(): the nodes are only available inside tests');
    return site;
  };
  return {
    get a() {
      return get().a;
    },
    get b() {
      return get().b;
    },
    get redis() {
      return get().redis;
    },
  };
}

/**
 * Typing from the owner's socket on one node, then a rename through the API, each heard by a member's socket on
 * the other node, exactly as sent. Shared by the in-process and the two-process tests.
 */
export async function expectTypingAndRenameToCross(
  owner: SignedUp,
  ownerSocket: TestSocket,
  memberSocket: TestSocket,
  member: SignedUp,
  roomId: number,
): Promise<void> {
  const typing = nextEvent(memberSocket, 'typing', 3000);
  emitRaw(ownerSocket, 'typing', { room_id: roomId, username: nameOf(owner), participants: [idOf(member)], isTyping: true });
  expect(await typing).toEqual({ room_id: roomId, user_id: idOf(owner), username: nameOf(owner), isTyping: true });

  const renamed = nextEvent(memberSocket, 'chat_renamed', 3000);
  expect((await owner.client.put(`/api/chat/rename-group/${roomId}`, { name: 'Raid day' })).status).toBe(200);
  expect(await renamed).toEqual({ room_id: roomId, new_name: 'Raid day' });
}
