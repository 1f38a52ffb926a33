/**
 * NOTE: `lazyWhenNear(load, Placeholder)` makes a stand-in for a section far down a page whose code loads only when
 * it comes near the screen (a page's own JS stays within its budget). Rules for callers:
 * - The stand-in takes the section's own props and renders `Placeholder` with them until the code arrives: give it
 *   the section's heading, so the page reads the same and keeps its height.
 * - Sections a person sees without scrolling gain nothing from this: use it below the fold.
 * - A failed import shows the placeholder still; coming near again (after scrolling away) tries again.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { onDemand } from './on-demand.ts';

export function lazyWhenNear<P extends object>(load: () => Promise<ComponentType<P>>, Placeholder: ComponentType<P>): ComponentType<P> {
  const view = onDemand(load);
  return function LazyWhenNear(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | undefined>(() => view.now());
    const box = useRef<HTMLDivElement>(null);
    useEffect(() => {
      if (Loaded || !box.current) return;
      const watcher = new IntersectionObserver((entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        view.load().then(
          (component) => setLoaded(() => component),
          () => undefined, // the placeholder stays; the next approach tries again
        );
      });
      watcher.observe(box.current);
      return () => watcher.disconnect();
    }, [Loaded]);
    if (Loaded) return <Loaded {...props} />;
    return (
      <div ref={box}>
        <Placeholder {...props} />
      </div>
    );
  };
}
