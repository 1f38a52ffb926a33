/**
 * NOTE: session ids are 256-bit random values; only their SHA-256 is stored. CSRF tokens are an HMAC of the
 * session id (or, for visitors, of a pre-session id), so they cannot be forged without the server secret and
 * change whenever the session does.
 */
import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/** One call, no Hash object: every signed-in request hashes its token, and the object was a visible share of it. */
export const hashToken = (token: string) => hash('sha256', token, 'base64url');

export type CsrfBinding = { kind: 'session' | 'visitor' | 'device'; id: string };

export function csrfTokenFor(secret: string, binding: CsrfBinding): string {
  return createHmac('sha256', secret).update(`${binding.kind}:${binding.id}`).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
