/**
 * NOTE: pauses a playing video once it is scrolled mostly out of view (under half visible), in the page or in
 * any scrolling container (spec §4 "Videos pause on page scroll"; ADR 016). It never starts playback.
 */
import { type RefObject, useEffect } from 'react';

export function usePauseOffscreen(video: RefObject<HTMLVideoElement | null>, active = true): void {
  useEffect(() => {
    const element = video.current;
    if (!active || !element) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry && entry.intersectionRatio < 0.5 && !element.paused) element.pause();
      },
      { threshold: [0, 0.5] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [video, active]);
}
