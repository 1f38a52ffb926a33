/**
 * NOTE: makes a full-page layer behave like a page of its own while `open`: the page underneath (the nav bar's
 * <header> and <main>) becomes inert (no focus, hidden from assistive technology) and stops scrolling, Escape
 * calls `onClose`, and focus moves to `focusRef` (e.g. the Back button) and back to the opener afterwards.
 * Portaled dialogs opened on top (the comments drawer) stay usable: they live outside <header> and <main>.
 */
import { type RefObject, useEffect, useRef } from 'react';

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
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const element of underneath) element.inert = false;
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open, focusRef]);
}
