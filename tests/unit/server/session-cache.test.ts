/**
 * The session cache's settle: the node that ends a session answers only once its own listener has heard the
 * change (so every listener has been sent it), but never waits more than a second for a silent database; and it
 * never keeps a row read before a change it heard.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionCache } from '../../../src/server/auth/session-cache.ts';
import type { Logger } from '../../../src/server/logger.ts';

const row = {
  id: 1,
  userId: 7,
  role: 'member' as const,
  username: 'ann',
  email: 'a@example.com',
  lastSeenAt: new Date(),
  expiresAt: new Date(Date.now() + 60_000),
};

afterEach(() => void vi.useRealTimers());

describe('session cache', () => {
  it('serves nothing and waits for nothing while it is not listening', async () => {
    const cache = createSessionCache();
    cache.set('h', row, cache.mark());
    expect(cache.get('h')).toBeUndefined();
    await cache.settle();
  });

  it('settle waits until the listener has heard everything committed so far', async () => {
    const cache = createSessionCache();
    let hear!: () => void;
    cache.setListening(true, () => new Promise<void>((resolve) => (hear = resolve)));
    let settled = false;
    const done = cache.settle().then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    hear();
    await done;
    expect(settled).toBe(true);
  });

  it('settle answers anyway after a second, with a warning, when the announcement is not heard back', async () => {
    vi.useFakeTimers();
    const warn = vi.fn();
    const cache = createSessionCache({ warn } as unknown as Logger);
    cache.setListening(true, () => new Promise(() => {}));
    const done = cache.settle();
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(warn).toHaveBeenCalledOnce();
  });

  it('forgets every cached session of a user when told about the user', () => {
    const cache = createSessionCache();
    cache.setListening(true, async () => {});
    cache.set('h1', row, cache.mark());
    cache.set('h2', row, cache.mark());
    cache.set('h3', { ...row, userId: 8 }, cache.mark());
    cache.forget({ userId: 7 });
    expect([cache.get('h1'), cache.get('h2'), cache.get('h3')?.userId]).toEqual([undefined, undefined, 8]);
  });

  it('keeps no row read before a forget or a listening change: it may be what was forgotten', () => {
    const cache = createSessionCache();
    cache.setListening(true, async () => {});
    const beforeForget = cache.mark();
    cache.forget({ tokenHash: 'h1' }); // heard while 'h1' was being read, before it was stored
    cache.set('h1', row, beforeForget);
    const beforeReconnect = cache.mark();
    cache.setListening(false);
    cache.setListening(true, async () => {});
    cache.set('h2', row, beforeReconnect);
    cache.set('h3', row, cache.mark());
    expect([cache.get('h1'), cache.get('h2'), cache.get('h3')?.id]).toEqual([undefined, undefined, 1]);
  });
});
