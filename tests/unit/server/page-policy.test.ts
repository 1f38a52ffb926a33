import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { socketSources } from '../../../src/shared/content-policy.ts';
import { socketHost } from '../../../src/server/http/security-headers.ts';

const request = (host: string | undefined) => ({ headers: host === undefined ? {} : { host } }) as IncomingMessage;

const PLAIN = ['localhost', 'localhost:4321', '127.0.0.1:4321', '[::1]:4321', 'savepoint.example', 'Savepoint-1.example.org:8443'];
const FORGED = [
  'evil.example; report-uri https://evil.example/r',
  'evil.example;report-uri',
  "evil.example 'unsafe-inline'",
  'evil.example,wss://evil.example',
  'evil.example/r',
  'a@evil.example',
  'evil.example:80:80',
  'evil.example:port',
  '[::1];x',
  'a'.repeat(300),
  '',
];

describe('the socket host in the page policy', () => {
  it('is a plain host[:port] from the Host header, or nothing', () => {
    for (const host of PLAIN) expect(socketHost(request(host), undefined), host).toBe(host);
    for (const host of [...FORGED, undefined]) expect(socketHost(request(host), undefined), host).toBeNull();
  });

  it("is PUBLIC_URL's host when set, whatever Host arrives", () => {
    const publicUrl = new URL('https://savepoint.example');
    for (const host of [...PLAIN, ...FORGED, undefined]) expect(socketHost(request(host), publicUrl)).toBe('savepoint.example');
    expect(socketHost(request('localhost'), new URL('http://savepoint.example:8080/app'))).toBe('savepoint.example:8080');
  });

  it('never writes anything but a plain host into the directive', () => {
    expect(socketSources('localhost:4321')).toBe("connect-src 'self' blob: ws://localhost:4321 wss://localhost:4321");
    for (const host of [...FORGED, null, undefined]) expect(socketSources(host), String(host)).toBe("connect-src 'self' blob:");
  });
});
