/**
 * NOTE: signed, expiring URLs of post files (ADR 015). A URL names the post, the variant and its expiry, signed
 * with HMAC-SHA256 under the server secret: anyone holding it may fetch that one file until it expires, with no
 * cookie (so <img> and <video> just work). Expiries are rounded up to a 10-minute step, so the same file keeps
 * the same URL for a while and the browser cache can reuse it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
/** Where the API is mounted (api/app.ts). */
const API_BASE_PATH = '/api';

export const MEDIA_VARIANTS = ['original', 'thumb', 'poster'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

const TTL_MS = 60 * 60_000;
const STEP_MS = 10 * 60_000;

export type SignedUrl = { url: string; expiresAt: Date };

export function createMediaUrls(secret: string, now: () => number = Date.now) {
  const signature = (id: number, variant: MediaVariant, expires: number) =>
    createHmac('sha256', secret).update(`media-file:${id}:${variant}:${expires}`).digest('base64url');

  const currentExpiry = () => Math.ceil((now() + TTL_MS) / STEP_MS) * STEP_MS;

  return {
    /** The expiry every URL signed now carries: URLs signed while it stays the same are identical. */
    currentExpiry,

    sign(id: number, variant: MediaVariant): SignedUrl {
      const expires = currentExpiry();
      const query = `expires=${expires}&sig=${signature(id, variant, expires)}`;
      return { url: `${API_BASE_PATH}/media/file/${id}/${variant}?${query}`, expiresAt: new Date(expires) };
    },

    /** True when the signature is ours and not expired. Compared in constant time. */
    verify(id: number, variant: MediaVariant, expires: number, sig: string): boolean {
      if (!Number.isSafeInteger(expires) || expires < now()) return false;
      const expected = Buffer.from(signature(id, variant, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    /** Seconds a response for this URL may be cached: never past its expiry. */
    secondsLeft: (expires: number) => Math.max(0, Math.floor((expires - now()) / 1000)),
  };
}

export type MediaUrls = ReturnType<typeof createMediaUrls>;
