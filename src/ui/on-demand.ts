/**
 * NOTE: UI code loaded on first use (dialogs, menus, the bell's dropdown, the toasts), not with the page.
 * Rules for callers:
 * - Wrap the `import()` once per module, at module level: `const view = onDemand(() => import('./X.tsx'))`.
 *   Every user of `view` shares one import; once it arrived, `view.now()` has it synchronously.
 * - A failed import (a flaky phone connection, or a new version deployed since the page loaded, whose files
 *   replaced this page's) is forgotten, so the next use tries again; nothing is left half-open.
 * - In a component, `useOnDemand(view, wanted, onFailed)` starts the import once `wanted` is true and answers the
 *   module (null until then). On failure it says so in a toast (`LOAD_FAILED`) and calls `onFailed`, which must
 *   put the control back as it was (e.g. close the dialog), so the person's next click simply tries again.
 */
import { useEffect, useState } from 'react';
import { toast } from '../stores/toasts.ts';

export const LOAD_FAILED = 'This could not be opened. Check your connection and try again, or reload the page.';

export type OnDemand<T> = { load(): Promise<T>; now(): T | undefined };

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let pending: Promise<T> | null = null;
  let loaded: { value: T } | null = null;
  return {
    load() {
      if (loaded) return Promise.resolve(loaded.value);
      pending ??= importer().then(
        (value) => {
          loaded = { value };
          return value;
        },
        (err: unknown) => {
          pending = null;
          throw err;
        },
      );
      return pending;
    },
    now: () => loaded?.value,
  };
}

/** The module while `wanted` (null before and while it loads); see the NOTE for `onFailed`. */
export function useOnDemand<T>(view: OnDemand<T>, wanted: boolean, onFailed: () => void, quiet = false): T | null {
  // Held in an object: the module's export is often a component, which useState would call as an updater.
  const [held, setHeld] = useState<{ value: T } | null>(() => {
    const value = view.now();
    return value === undefined ? null : { value };
  });
  useEffect(() => {
    if (!wanted || held) return;
    let current = true;
    view.load().then(
      (value) => current && setHeld({ value }),
      () => {
        if (!current) return;
        if (!quiet) toast.error(LOAD_FAILED);
        onFailed();
      },
    );
    return () => {
      current = false;
    };
    // onFailed is read when the import settles; a new function each render must not start another.
  }, [view, wanted, held]);
  return wanted ? (held?.value ?? null) : null;
}
