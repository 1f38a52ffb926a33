/**
 * NOTE: a post's ThumbHash (ADR 051) as an image to paint behind its picture or poster until that arrives. The
 * decoder (client/placeholder-image.ts) loads with the first placeholder, after the page has shown (nothing waits for
 * it), and each hash is decoded once. Server and first client render have none, so hydration always matches; a
 * hash that does not decode just leaves the tile's background.
 */
import { useEffect, useState } from 'react';

const decoded = new Map<string, string>();
let decoder: Promise<typeof import('../../client/placeholder-image.ts')> | undefined;

/** The bytes of a base64 ThumbHash. */
export const hashBytes = (hash: string) => Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));

/** A data: URL of the blurred picture, once decoded. */
export function usePlaceholder(hash: string | null): string | undefined {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!hash) return setUrl(undefined);
    const known = decoded.get(hash);
    if (known) return setUrl(known);
    let current = true;
    (decoder ??= import('../../client/placeholder-image.ts')).then(
      ({ placeholderImage }) => {
        try {
          const made = placeholderImage(hashBytes(hash));
          decoded.set(hash, made);
          if (current) setUrl(made);
        } catch {
          // Not a ThumbHash: no placeholder.
        }
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [hash]);
  return url;
}
