import { describe, expect, it } from 'vitest';
import { credentialsOf } from '../../src/server/db/factories/users.ts';
import { signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';

// Behind a proxy, so each attempt can come from its own address, as in a distributed attack.
const app = useTestServer({ TRUST_PROXY: 'true' });
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('distributed guessing against one account', () => {
  it('blocks new browsers for a while but never the browser the owner signed in with before', async () => {
    const owner = await signUp(app.origin);
    const attacker = await app.visitor();
    // 30 failures from 10 addresses: never 5 from one address, so only the account-wide limit can trip.
    for (let i = 0; i < 30; i++) {
      const res = await attacker.post(
        '/api/auth/login',
        { email: owner.registration.email, password: `guess-${i}-x` },
        from(`203.0.113.${i % 10}`),
      );
      expectError(res, 401, 'Invalid email or password');
    }

    const newBrowser = await app.visitor();
    const blocked = await newBrowser.post('/api/auth/login', credentialsOf(owner.registration), from('198.51.100.20'));
    expectError(blocked, 429);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(5 * 60);

    // The owner's own browser got a device cookie when it registered: the attack cannot lock it out.
    const ownBrowser = await owner.client.post('/api/auth/login', credentialsOf(owner.registration), from('198.51.100.30'));
    expect(ownBrowser.status, ownBrowser.text).toBe(200);
  });

  it('does not accept a device cookie made for another account', async () => {
    const victim = await signUp(app.origin);
    const stranger = await signUp(app.origin); // holds a device cookie for its own account only
    for (let i = 0; i < 30; i++) {
      await stranger.client.post(
        '/api/auth/login',
        { email: victim.registration.email, password: `guess-${i}-y` },
        from(`192.0.2.${i % 10}`),
      );
    }
    const res = await stranger.client.post('/api/auth/login', credentialsOf(victim.registration), from('192.0.2.200'));
    expectError(res, 429);
  });

  it('judges the address our proxy saw (rightmost X-Forwarded-For), not what the client wrote before it', async () => {
    const { registration } = await signUp(app.origin);
    const attacker = await app.visitor();
    for (let i = 0; i < 5; i++) {
      const forged = from(`10.0.0.${i}, 198.51.100.77`); // the client varies the left part; the proxy appended the right
      expectError(await attacker.post('/api/auth/login', { email: registration.email, password: `nope-${i}-z` }, forged), 401);
    }
    expectError(await attacker.post('/api/auth/login', credentialsOf(registration), from('10.9.9.9, 198.51.100.77')), 429);
  });
});

describe('registration throttling', () => {
  it('refuses the 101st registration attempt within an hour from one address, with Retry-After', async () => {
    const { registration } = await signUp(app.origin);
    const client = await app.visitor();
    // Taken names are refused before any password hashing, so this burst is cheap for the server.
    for (let i = 0; i < 100; i++) expectError(await client.post('/api/auth/register', registration, from('192.0.2.150')), 409);
    const blocked = await client.post('/api/auth/register', registration, from('192.0.2.150'));
    expectError(blocked, 429, 'Too many new accounts from this address. Please try again later.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expectError(await client.post('/api/auth/register', registration, from('192.0.2.151')), 409);
  });
});
