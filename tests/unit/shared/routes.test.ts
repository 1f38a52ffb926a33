import { describe, expect, it } from 'vitest';
import { needsSignIn, safeNextPath, signedOutOnly } from '../../../src/shared/routes.ts';

describe('safeNextPath: where sign-in may send the user back to', () => {
  it.each([
    ['/feed', '/feed'],
    ['/profile/some_gamer', '/profile/some_gamer'],
    ['/chats/42?tab=media#last', '/chats/42?tab=media#last'],
    ['/search?query=a%20b', '/search?query=a%20b'],
  ])('keeps the same-site path %j', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['feed'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['//evil.example'],
    ['/\\evil.example'],
    // Browsers drop tabs and newlines inside URLs, turning these into //evil.example.
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['\\\\evil.example'],
  ])('falls back to / for %j', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('never yields something a browser would resolve to another origin', () => {
    const tricky = ['/%09/evil.example', '/./\t/evil.example', '/..//evil.example', '/ //evil.example', '/\u0000/evil.example'];
    for (const next of tricky) {
      expect(new URL(safeNextPath(next), 'https://savepoint.test').origin, JSON.stringify(next)).toBe('https://savepoint.test');
    }
  });
});

describe('route table guards (spec §2)', () => {
  it.each(['/profile', '/profile/bob', '/search', '/feed', '/chats', '/chats/7', '/games', '/games/minecraft', '/notifications'])(
    '%s needs sign-in',
    (path) => {
      expect(needsSignIn(path)).toBe(true);
    },
  );

  it.each(['/', '/login', '/register', '/profiles', '/feedback', '/gamesx', '/anything'])('%s does not need sign-in', (path) => {
    expect(needsSignIn(path)).toBe(false);
  });

  it('only /login and /register are signed-out only', () => {
    expect(['/login', '/register', '/', '/feed', '/loginx'].map(signedOutOnly)).toEqual([true, true, false, false, false]);
  });
});
