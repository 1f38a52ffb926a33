/**
 * NOTE: `lazyOnOpen(load, isOpen)` makes a stand-in for a dialog (or any overlay) whose code is loaded the first
 * time it opens, not with the page. Rules for callers:
 * - The stand-in takes the dialog's own props; `isOpen(props)` says when it is wanted (by default its `open`
 *   prop; e.g. `p => p.subject !== null` otherwise). Until then it renders nothing.
 * - The dialog closes through `onOpenChange(false)` or `onClose()`: when its code cannot be loaded, the stand-in
 *   says so (src/ui/on-demand.ts) and closes it that way, so opening it again tries again.
 * - Once loaded it stays mounted, so closing still animates and reopening is instant.
 * - Import only types from the dialog's module elsewhere in the page (`import type`), or its code comes back
 *   into the page's initial JS.
 */
import { useState, type ComponentType } from 'react';
import { onDemand, useOnDemand } from './on-demand.ts';

type Closable = { onOpenChange: (open: boolean) => void } | { onClose: () => void };

const byOpenProp = (props: object) => (props as { open?: unknown }).open === true;
const close = (props: Closable) => ('onOpenChange' in props ? props.onOpenChange(false) : props.onClose());

export function lazyOnOpen<P extends object & Closable>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = byOpenProp,
): ComponentType<P> {
  const view = onDemand(load);
  return function LazyOnOpen(props: P) {
    const [wanted, setWanted] = useState(false);
    if (!wanted && isOpen(props)) setWanted(true);
    const Loaded = useOnDemand(view, wanted, () => {
      setWanted(false);
      close(props);
    });
    return Loaded ? <Loaded {...props} /> : null;
  };
}
