import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { originAllowed } from '../../../src/server/realtime/origin.ts';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('originAllowed (socket handshakes)', () => {
  it('without PUBLIC_URL, allows only the host the request was addressed to', () => {
    expect(originAllowed(request({ host: 'localhost:4321', origin: 'http://localhost:4321' }), undefined)).toBe(true);
    expect(originAllowed(request({ host: 'localhost:4321', origin: 'http://localhost:4322' }), undefined)).toBe(false);
    expect(originAllowed(request({ host: 'localhost:4321', origin: 'https://evil.example' }), undefined)).toBe(false);
    expect(originAllowed(request({ host: 'localhost:4321', origin: 'http://localhost:4321.evil.example' }), undefined)).toBe(false);
  });

  it('with PUBLIC_URL, allows exactly that origin whatever the Host says', () => {
    const publicUrl = new URL('https://savepoint.example');
    expect(originAllowed(request({ host: 'internal:4321', origin: 'https://savepoint.example' }), publicUrl)).toBe(true);
    expect(originAllowed(request({ host: 'evil.example', origin: 'https://evil.example' }), publicUrl)).toBe(false);
    expect(originAllowed(request({ host: 'savepoint.example', origin: 'http://savepoint.example' }), publicUrl)).toBe(false);
    expect(originAllowed(request({ host: 'savepoint.example', origin: 'https://sub.savepoint.example' }), publicUrl)).toBe(false);
  });

  it('refuses origins that are not URLs ("null" from sandboxed frames and file: pages)', () => {
    expect(originAllowed(request({ host: 'localhost:4321', origin: 'null' }), undefined)).toBe(false);
    expect(originAllowed(request({ host: 'localhost:4321', origin: 'not a url' }), undefined)).toBe(false);
  });

  it('judges non-browser clients (no Origin) by their session alone', () => {
    expect(originAllowed(request({ host: 'localhost:4321' }), undefined)).toBe(true);
  });
});
