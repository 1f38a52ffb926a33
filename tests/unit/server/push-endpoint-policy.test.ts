/** Which push endpoints the server posts to (ADR 053): the list, https, ports, and no private addresses. */
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { createEndpointPolicy, type Lookup } from '../../../src/server/services/push/endpoint-policy.ts';

const resolving =
  (table: Record<string, string[]>): Lookup =>
  async (host) =>
    (table[host] ?? []).map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));

/** What the agent's guarded lookup answers for `host`: the addresses it would connect to, or its error. */
function connectsTo(policy: ReturnType<typeof createEndpointPolicy>, host: string): Promise<string[] | string> {
  const lookup = (policy.agent as unknown as { options: { lookup: (...args: unknown[]) => void } }).options.lookup;
  return new Promise((resolve) =>
    lookup(host, { all: true }, (err: Error | null, found: LookupAddress[]) => resolve(err ? err.message : found.map((a) => a.address))),
  );
}

describe('the known push services (no PUSH_ENDPOINT_HOSTS)', () => {
  const policy = createEndpointPolicy(undefined);

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
    'https://web.push.apple.com/QGuQ',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('accepts %s', (endpoint) => expect(policy.refusal(endpoint)).toBeNull());

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'Endpoint must be an https URL'],
    ['https://fcm.googleapis.com:8443/fcm/send/x', 'Endpoint is not a known push service'],
    ['https://push.apple.com/x', 'Endpoint is not a known push service'],
    ['https://evilpush.apple.com.example/x', 'Endpoint is not a known push service'],
    ['https://fcm.googleapis.com@10.0.0.1/x', 'Endpoint must not hold a user name or password'],
    ['https://10.0.0.1/x', 'Endpoint is not a known push service'],
    ['ftp://fcm.googleapis.com/x', 'Endpoint must be an https URL'],
  ])('refuses %s', (endpoint, why) => expect(policy.refusal(endpoint)).toBe(why));

  it('connects only to public addresses, whatever a name resolves to', async () => {
    const guarded = createEndpointPolicy(undefined, resolving({ 'fcm.googleapis.com': ['142.250.1.95', '10.1.2.3', '::1'] }));
    expect(await connectsTo(guarded, 'fcm.googleapis.com')).toEqual(['142.250.1.95']);
    const rebound = createEndpointPolicy(undefined, resolving({ 'web.push.apple.com': ['127.0.0.1', '169.254.169.254', 'fd00::1'] }));
    expect(await connectsTo(rebound, 'web.push.apple.com')).toMatch(/resolves to no public address/);
  });
});

describe('PUSH_ENDPOINT_HOSTS', () => {
  it('replaces the list; a name with a port allows that port only', () => {
    const policy = createEndpointPolicy(['push.example.net', '*.push.example:8443']);
    expect(policy.refusal('https://fcm.googleapis.com/fcm/send/x')).toBe('Endpoint is not a known push service');
    expect(policy.refusal('https://push.example.net/x')).toBeNull();
    expect(policy.refusal('https://eu.push.example:8443/x')).toBeNull();
    expect(policy.refusal('https://eu.push.example/x')).toBe('Endpoint is not a known push service');
  });

  it('lets a host named exactly be private (the operator’s own push service), never one matched by *.', async () => {
    const table = { 'push.internal': ['10.0.0.7'], 'a.push.corp': ['10.0.0.8'] };
    const policy = createEndpointPolicy(['push.internal:8443', '*.push.corp', '127.0.0.1:9000'], resolving(table));
    expect(await connectsTo(policy, 'push.internal')).toEqual(['10.0.0.7']);
    expect(await connectsTo(policy, 'a.push.corp')).toMatch(/resolves to no public address/);
    expect(policy.refusal('https://127.0.0.1:9000/x')).toBeNull();
    expect(policy.refusal('https://127.0.0.1:9001/x')).toBe('Endpoint is not a known push service');
  });
});

describe('URL tricks', () => {
  const policy = createEndpointPolicy(undefined);

  it.each([
    // Node's legacy parser (which web-push uses) reads these hosts as the part before the odd character.
    'https://10.0.0.1;.wns2.notify.windows.com/x',
    "https://10.0.0.1'.wns2.notify.windows.com/x",
    'https://10.0.0.1{.wns2.notify.windows.com/x',
    'https://10.0.0.1`.wns2.notify.windows.com/x',
    'https://a_b.notify.windows.com/x',
  ])('refuses a host that is not plainly named: %s', (endpoint) =>
    expect(policy.refusal(endpoint)).toMatch(/^Endpoint (must name its host plainly|must be an https URL)$/),
  );

  it('stores the normalised form', () => {
    expect(policy.normalized('https://FCM.googleapis.com:443/fcm/send/a%62')).toBe('https://fcm.googleapis.com/fcm/send/a%62');
  });

  it('refuses a private address literal that a *. entry would match', () => {
    const loose = createEndpointPolicy(['*.168.1.1', '*.0.0.1:8443']);
    expect(loose.refusal('https://192.168.1.1/x')).toBe('Endpoint must not be a private address');
    expect(loose.refusal('https://10.0.0.1:8443/x')).toBe('Endpoint must not be a private address');
    expect(loose.refusal('https://[::1]/x')).toBe('Endpoint is not a known push service');
  });
});
