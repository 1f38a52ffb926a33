/**
 * NOTE: a post's ThumbHash (ADR 051) as an image to paint behind its picture or poster until that arrives. A picture
 * that arrives within ARRIVAL_MS needs none (it would only flash): `element` is asked first. The
 * decoder (client/placeholder-image.ts) loads with the first placeholder needed, after the page has shown (nothing waits for
 * it), and each hash is decoded once. Server and first client render have none, so hydration always matches; a
 * hash that does not decode just leaves the tile's background.
 */
import { useEffect, useState, type RefObject } from 'react';

const ARRIVAL_MS = 200;

/** Whether the picture is already there: an image decoded, a video with its first frame's data or more. */
const arrived = (element: HTMLElement | null) =>
  element instanceof HTMLImageElement
    ? element.complete && element.naturalWidth > 0
    : element instanceof HTMLVideoElement && element.readyState >= 1;

const decoded = new Map<string, string>();
let decoder: Promise<typeof import('../../client/placeholder-image.ts')> | undefined;

/** The bytes of a base64 ThumbHash. */
export const hashBytes = (hash: string) => Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));

/** A data: URL of the blurred picture, once decoded; `element` is the picture it stands in for. */
export function usePlaceholder(hash: string | null, element: RefObject<HTMLElement | null>): string | undefined {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!hash) return setUrl(undefined);
    const known = decoded.get(hash);
    if (known) return setUrl(known);
    let current = true;
    const decode = () =>
      void (decoder ??= import('../../client/placeholder-image.ts')).then(
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
    const timer = setTimeout(() => {
      if (current && !arrived(element.current)) decode();
    }, ARRIVAL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [hash, element]);
  return url;
}
