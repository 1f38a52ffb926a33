/**
 * A page's not-found check (src/server/http/page-lookup.ts) says 'missing' exactly when the API would refuse the
 * thing to this viewer, and 'unknown' (never an error) when it cannot tell: a failure, a check still running at
 * the deadline, or no viewer. Names, slugs and ids no thing can have are 'missing' without asking.
 */
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../../src/server/errors.ts';
import { createPageLookup } from '../../../src/server/http/page-lookup.ts';
import { createLogger } from '../../../src/server/logger.ts';

function setup(answer: () => Promise<unknown>) {
  const lines: string[] = [];
  const log = createLogger('info', new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
  const deps = {
    profile: { requireVisible: vi.fn(answer) },
    games: { resolve: vi.fn(answer) },
    chatRooms: { participants: vi.fn(answer) },
    media: { get: vi.fn(answer) },
    lfg: { detail: vi.fn(answer) },
  };
  return { lookupFor: createPageLookup(deps as never, log, 50), deps, lines };
}

const all = (l: ReturnType<ReturnType<typeof setup>['lookupFor']>) =>
  Promise.all([l.user('ann'), l.game('chess'), l.chat(3), l.post(4), l.group(5)]);

describe('page lookup', () => {
  it('asks the services the API asks, for this viewer, and finds what they answer', async () => {
    const t = setup(async () => ({}));
    expect(await all(t.lookupFor(7))).toEqual(['found', 'found', 'found', 'found', 'found']);
    expect(t.deps.profile.requireVisible).toHaveBeenCalledWith(7, 'ann');
    expect(t.deps.games.resolve).toHaveBeenCalledWith('chess');
    expect(t.deps.chatRooms.participants).toHaveBeenCalledWith(7, 3);
    expect(t.deps.media.get).toHaveBeenCalledWith(7, 4);
    expect(t.deps.lfg.detail).toHaveBeenCalledWith(7, 5);
  });

  it('is missing on the API’s 404 (and 400), unlogged', async () => {
    const t = setup(() => Promise.reject(new ServiceError(404, 'Not found')));
    expect(await all(t.lookupFor(7))).toEqual(['missing', 'missing', 'missing', 'missing', 'missing']);
    expect(
      await setup(() => Promise.reject(new ServiceError(400, 'Bad')))
        .lookupFor(7)
        .user('x'),
    ).toBe('missing');
    expect(t.lines).toEqual([]);
  });

  it('is missing without asking for what cannot exist', async () => {
    const t = setup(async () => ({}));
    const l = t.lookupFor(7);
    expect(await Promise.all([l.user('a\u0000b'), l.game('Not A Slug'), l.chat(0), l.chat(2 ** 31), l.post(-1), l.post(1.5)])).toEqual(
      Array(6).fill('missing'),
    );
    for (const fn of Object.values(t.deps).flatMap((d) => Object.values(d))) expect(fn).not.toHaveBeenCalled();
  });

  it('is unknown on a failure, another refusal, at the deadline and signed out', async () => {
    const broken = setup(() => Promise.reject(new Error('connection lost')));
    expect(await broken.lookupFor(7).game('chess')).toBe('unknown');
    expect(broken.lines.join('')).toContain('game lookup failed');
    expect(
      await setup(() => Promise.reject(new ServiceError(429, 'Slow down')))
        .lookupFor(7)
        .post(4),
    ).toBe('unknown');
    const hung = setup(() => new Promise(() => {}));
    expect(await hung.lookupFor(7).chat(3)).toBe('unknown');
    expect(hung.lines.join('')).toContain('chat lookup took over 50 ms');
    const signedOut = setup(async () => ({}));
    expect(await all(signedOut.lookupFor(null))).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown']);
  });
});
