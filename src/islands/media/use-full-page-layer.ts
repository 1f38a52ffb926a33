/**
 * NOTE: makes a full-page layer behave like a page of its own while `open`: the page underneath (the nav bar's
 * <header> and <main>) becomes inert (no focus, hidden from assistive technology) and stops scrolling, Escape
 * calls `onClose`, and focus moves to `focusRef` (e.g. the Back button) and back to the opener afterwards.
 * Portaled dialogs opened on top (the comments drawer) stay usable: they live outside <header> and <main>.
 * The browser's Back closes it too (a phone's back gesture): opening adds a history entry for the same address;
 * Back from it closes the layer instead of leaving the page, and closing it otherwise takes that entry back.
 * Astro's router must not load the page again for those steps: it ignores a step onto an entry whose state is null
 * (it takes it for a #hash), so while the layer is open the entry under it holds null and the router's state moves
 * up to the layer's entry; the entry under it gets its state back once the layer closes. Rules: one layer at a time.
 */
import { type RefObject, useEffect, useRef } from 'react';

const LAYER = 'savepointLayer';
/** While a layer is open: how to close it from Back, and the router's state of the entry under it. */
let open: { close: () => void; state: unknown } | null = null;
/** Set when we step back ourselves (a close by other means): the router's state to put back on arrival. */
let swallowNext = false;
let restored: unknown = null;
let listening = false;

const onEntry = () => Boolean((history.state as Record<string, unknown> | null)?.[LAYER]);

function listenForBack(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', () => {
    if (swallowNext) {
      swallowNext = false; // our own history.back() after a close: the entry under the layer is current again
      history.replaceState(restored, '');
    } else if (open && !onEntry()) {
      const { close, state } = open;
      open = null;
      history.replaceState(state, '');
      close();
    }
  });
}

export function useFullPageLayer(shown: boolean, onClose: () => void, focusRef: RefObject<HTMLElement | null>): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!shown) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const underneath = [...document.querySelectorAll<HTMLElement>('body > header, body > main')];
    for (const element of underneath) element.inert = true;
    // CSSOM, not a style attribute in HTML: the CSP allows it (see AppLayout.astro's NOTE).
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    focusRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('[role=dialog][data-state=open]')) close.current();
    };
    document.addEventListener('keydown', onKey);
    listenForBack();
    const state: unknown = history.state;
    history.replaceState(null, '');
    history.pushState({ ...(state as object | null), [LAYER]: true }, '');
    const mine = { close: () => close.current(), state };
    open = mine;
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const element of underneath) element.inert = false;
      document.body.style.overflow = overflow;
      opener?.focus();
      // Closed another way (Back arrow, Escape): take our entry back, unless a navigation already left it.
      if (open === mine) {
        open = null;
        if (onEntry()) {
          restored = state;
          swallowNext = true;
          history.back();
        }
      }
    };
  }, [shown, focusRef]);
}
