/**
 * NOTE: brings the chosen post of the Posts view to the top after SCROLL_TO_POST_DELAY_MS, and keeps it there
 * while the cards above it settle (a card whose data or menu arrives late grows and would push it down) until
 * the person scrolls themselves or HOLD_MS pass. `layer` is the view's scrolling element.
 */
import { useEffect } from 'react';
import { SCROLL_TO_POST_DELAY_MS } from '../../shared/constants.ts';

const HOLD_MS = 2_000;
const PERSON_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

export function useScrollToChosen(layer: HTMLElement | null, chosenId: number): void {
  useEffect(() => {
    if (!layer) return;
    const chosen = () => layer.querySelector(`[data-posts-view-item="${chosenId}"]`);
    let holding = true;
    const stop = () => (holding = false);
    const bring = () => chosen()?.scrollIntoView({ block: 'start' });
    const resized = new ResizeObserver(() => holding && bring());
    const timer = window.setTimeout(() => {
      bring();
      const list = chosen()?.parentElement;
      if (list) resized.observe(list);
    }, SCROLL_TO_POST_DELAY_MS);
    const release = window.setTimeout(stop, SCROLL_TO_POST_DELAY_MS + HOLD_MS);
    for (const type of PERSON_SCROLLS) layer.addEventListener(type, stop, { passive: true });
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(release);
      resized.disconnect();
      for (const type of PERSON_SCROLLS) layer.removeEventListener(type, stop);
    };
  }, [chosenId, layer]);
}
