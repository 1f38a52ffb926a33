/**
 * NOTE: true from the product's desktop breakpoint (1024 px, spec §2 "Breakpoints"): desktop and large desktop
 * get the post modal, smaller screens the Posts view and the comments drawer. False during SSR and until
 * hydration reads the window; it follows resizes.
 */
import { useSyncExternalStore } from 'react';
import { PRODUCT_MEDIA } from '../../ui/theme/breakpoints.ts';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PRODUCT_MEDIA.desktop);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useDesktop(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PRODUCT_MEDIA.desktop).matches,
    () => false,
  );
}
