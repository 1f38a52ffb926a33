import type { IncomingMessage } from 'node:http';

/**
 * A browser handshake must come from our own site. Without PUBLIC_URL, "our site" is whatever Host the
 * request was addressed to. Requests with no Origin (non-browser clients) are judged by the session alone.
 */
export function originAllowed(req: IncomingMessage, publicUrl: URL | undefined): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl) return parsed.origin === publicUrl.origin;
  return parsed.host === req.headers.host;
}
