/**
 * NOTE: infinite scroll (spec §2 "Infinite scroll loads the next page when the page bottom is reached"). Put the
 * returned ref on an empty element after the last post; `onReachEnd` runs whenever it comes within 400 px of
 * the viewport (or of `root`, a scrolling container) while `enabled`. The caller guards against double loads.
 * `edge: 'start'` watches above instead (a chat's older messages: put the sentinel before the first one).
 */
import { useEffect, useRef } from 'react';

export function useInfiniteScroll(onReachEnd: () => void, enabled: boolean, root: Element | null = null, edge: 'start' | 'end' = 'end') {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const latest = useRef(onReachEnd);
  latest.current = onReachEnd;

  useEffect(() => {
    const target = sentinel.current;
    if (!enabled || !target) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      root,
      rootMargin: edge === 'start' ? '400px 0px 0px 0px' : '0px 0px 400px 0px',
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [enabled, root, edge]);

  return sentinel;
}
