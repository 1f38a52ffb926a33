/**
 * NOTE: `lazyOnOpen(load, isOpen)` makes a stand-in for a dialog (or any overlay) whose code is loaded the first
 * time it opens, not with the page. Rules for callers:
 * - The stand-in takes the dialog's own props; `isOpen(props)` says when it is wanted (by default its `open`
 *   prop; e.g. `p => p.subject !== null` otherwise). Until then it renders nothing.
 * - Once loaded it stays mounted, so closing still animates and reopening is instant.
 * - Import only types from the dialog's module elsewhere in the page (`import type`), or its code comes back
 *   into the page's initial JS.
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';

const byOpenProp = (props: object) => (props as { open?: unknown }).open === true;

export function lazyOnOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = byOpenProp,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyOnOpen(props: P) {
    const [wanted, setWanted] = useState(false);
    if (!wanted && isOpen(props)) setWanted(true);
    if (!wanted && !isOpen(props)) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
