/**
 * NOTE: the app's toasts (spec §2 "Another user's profile": bottom centre, 6 seconds; §8 success and error
 * texts). Rules for callers:
 * - Call `toast.success(text)`, `toast.error(text)` or `toast.info(text)` from any island; the one Toaster
 *   island (mounted once per signed-in page by AppLayout, persisted across navigations) renders them.
 * - The queue is Ark UI's toast store (a plain JS store, like a nanostore): no React needed to push a toast,
 *   and nothing here touches the DOM, so importing it during SSR is harmless.
 */
import { createToaster } from '@ark-ui/react/toast';
import { TOAST_DURATION_MS } from '../shared/constants.ts';

export type ToastKind = 'success' | 'error' | 'info';

export const toaster = createToaster({
  placement: 'bottom',
  duration: TOAST_DURATION_MS,
  max: 4,
  gap: 12,
  offsets: '1rem',
});

export function showToast(kind: ToastKind, title: string): string {
  return toaster.create({ type: kind, title, duration: TOAST_DURATION_MS, closable: true });
}

export const toast = {
  success: (title: string) => showToast('success', title),
  error: (title: string) => showToast('error', title),
  info: (title: string) => showToast('info', title),
};
