/**
 * NOTE: the one toaster of a signed-in page. Mount it once, from AppLayout, with `client:only="react"
 * transition:persist`. Its live region is there from the start (an empty polite region, invisible, taking no
 * space), so the first toast, rendered inside it, is announced like every later one; the toasts' UI (Ark UI's
 * toaster, src/islands/toaster/ToastList.tsx) is loaded with the first toast (src/stores/toasts.ts), not with
 * every page.
 */
import { useStore } from '@nanostores/react';
import { $toastsWanted } from '../../stores/toasts.ts';
import { onDemand, useOnDemand } from '../../ui/on-demand.ts';

const list = onDemand(() => import('./ToastList.tsx').then((m) => m.default));

export default function Toaster() {
  const wanted = useStore($toastsWanted);
  // Quiet: no toast can say that the toasts' own code failed to load. The next toast tries again.
  const ToastList = useOnDemand(list, wanted, () => $toastsWanted.set(false), true);
  return <div aria-live="polite">{ToastList && <ToastList />}</div>;
}
