/**
 * NOTE: the one toaster of a signed-in page. Mount it once, from AppLayout, with `client:only="preact"
 * transition:persist`. Its live region is there from the start (an empty polite region, invisible, taking no
 * space), so the first toast, rendered inside it, is announced like every later one; the toasts' UI (Ark UI's
 * toaster, src/islands/toaster/ToastList.tsx) is loaded with the first toast (src/stores/toasts.ts), not with
 * every page.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $toastsWanted } from '../../stores/toasts.ts';

const ToastList = lazy(() => import('./ToastList.tsx'));

export default function Toaster() {
  const wanted = useStore($toastsWanted);
  return (
    <div aria-live="polite">
      {wanted && (
        <Suspense fallback={null}>
          <ToastList />
        </Suspense>
      )}
    </div>
  );
}
