/**
 * NOTE: makes a full-page layer behave like a page of its own while `open`: the page underneath (the nav bar's
 * <header> and <main>) becomes inert (no focus, hidden from assistive technology) and stops scrolling, Escape
 * calls `onClose`, and focus moves to `focusRef` (e.g. the Back button) and back to the opener afterwards.
 * Portaled dialogs opened on top (the comments drawer) stay usable: they live outside <header> and <main>.
 * The browser's Back closes it too (a phone's back gesture): opening adds a history entry for the same address;
 * Back from it closes the layer instead of leaving the page, and closing it otherwise takes that entry back.
 * Astro's router must not see those steps (it would load the same page again), so a capturing listener, which runs
 * before the router's, stops them. Rules: one layer at a time.
 */
import { type RefObject, useEffect, useRef } from 'react';

const LAYER = 'savepointLayer';
let closeByBack: (() => void) | null = null;
let swallowNext = false;
let listening = false;

const onEntry = () => Boolean((history.state as Record<string, unknown> | null)?.[LAYER]);

function listenForBack(): void {
  if (listening) return;
  listening = true;
  window.addEventListener(
    'popstate',
    (event) => {
      if (swallowNext) {
        swallowNext = false; // our own history.back() after a close
        event.stopImmediatePropagation();
      } else if (closeByBack && !onEntry()) {
        event.stopImmediatePropagation();
        const close = closeByBack;
        closeByBack = null;
        close();
      }
    },
    { capture: true },
  );
}

export function useFullPageLayer(open: boolean, onClose: () => void, focusRef: RefObject<HTMLElement | null>): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
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
    history.pushState({ ...(history.state as object | null), [LAYER]: true }, '');
    const byBack = () => close.current();
    closeByBack = byBack;
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const element of underneath) element.inert = false;
      document.body.style.overflow = overflow;
      opener?.focus();
      // Closed another way (Back arrow, Escape): take our entry back, unless a navigation already left it.
      if (closeByBack === byBack) {
        closeByBack = null;
        if (onEntry()) {
          swallowNext = true;
          history.back();
        }
      }
    };
  }, [open, focusRef]);
}
