/**
 * NOTE: the app's toasts (spec §2 "Another user's profile": bottom centre, 6 seconds; §8 success and error
 * texts). Rules for callers:
 * - Call `toast.success(text)`, `toast.error(text)` or `toast.info(text)` from any island; the one Toaster
 *   island (mounted once per signed-in page by AppLayout, persisted across navigations) renders them.
 * - `{ onClick }` makes the toast's text a button (e.g. 'Click here to view your post'); clicking it runs
 *   `onClick` and dismisses the toast. Keep the text saying what the click does.
 * - `{ sticky: true }` keeps a toast until `dismissToast(id)` (for work of unknown length, e.g. 'Processing
 *   video...'); always dismiss it when the work ends, however it ends.
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

export type ToastOptions = { onClick?: () => void; sticky?: boolean };

export function showToast(kind: ToastKind, title: string, options: ToastOptions = {}): string {
  const action = options.onClick ? { label: title, onClick: options.onClick } : undefined;
  const duration = options.sticky ? Infinity : TOAST_DURATION_MS;
  return toaster.create({ type: kind, title, duration, closable: true, action });
}

export function dismissToast(id: string): void {
  toaster.dismiss(id);
}

export const toast = {
  success: (title: string, options?: ToastOptions) => showToast('success', title, options),
  error: (title: string, options?: ToastOptions) => showToast('error', title, options),
  info: (title: string, options?: ToastOptions) => showToast('info', title, options),
};
