/**
 * NOTE: the app's toasts (spec §2 "Another user's profile": bottom centre, 6 seconds; §8 success and error
 * texts). Rules for callers:
 * - Call `toast.success(text)`, `toast.error(text)` or `toast.info(text)` from any island; the one Toaster
 *   island (mounted once per signed-in page by AppLayout, persisted across navigations) renders them.
 * - `{ onClick }` makes the toast's text a button (e.g. 'Click here to view your post'); clicking it runs
 *   `onClick` and dismisses the toast. Keep the text saying what the click does.
 * - `{ sticky: true }` keeps a toast until `dismissToast(id)` (for work of unknown length, e.g. 'Processing
 *   video...'); always dismiss it when the work ends, however it ends.
 * - `updateToast(id, kind, title, options)` turns a shown toast into another in place (one toast that changes
 *   state, e.g. an upload's 'being uploaded' becoming 'complete'); a toast the person closed meanwhile comes back.
 * - This module holds no UI code, so importing it costs a page almost nothing: the first toast sets
 *   `$toastsWanted`, the Toaster island then loads Ark UI's toaster and calls `attachToaster`, which shows what
 *   was queued meanwhile (a queued toast can still be dismissed by the id `showToast` answered). Nothing here touches the DOM.
 */
import { atom } from 'nanostores';
import { TOAST_DURATION_MS } from '../shared/constants.ts';

export type ToastKind = 'success' | 'error' | 'info';
export type ToastOptions = { onClick?: () => void; sticky?: boolean };

type ToastRequest = {
  type: ToastKind;
  title: string;
  duration: number;
  closable: true;
  action?: { label: string; onClick: () => void };
};
/** What the loaded toaster must do (Ark UI's toast store fits): `create` answers the toast's own id. */
export type ToastEngine = {
  create(toast: ToastRequest): string;
  update(id: string, toast: ToastRequest): string;
  dismiss(id: string): unknown;
};

/** True from the first toast on: the Toaster island loads its UI then (and keeps it). */
export const $toastsWanted = atom(false);
let engine: ToastEngine | null = null;
let queued: { id: string; request: ToastRequest; at: number }[] = [];
/** Our id → the engine's id, for the toasts a caller may still dismiss. */
const engineIds = new Map<string, string>();
let nextId = 0;

export function attachToaster(loaded: ToastEngine): void {
  engine = loaded;
  const waiting = queued;
  queued = [];
  // A toast that waited out its own duration (the toasts' code loaded late, or only on a later try) is old news.
  const now = Date.now();
  for (const { id, request, at } of waiting) if (now - at < request.duration) engineIds.set(id, loaded.create(request));
}

function requestOf(kind: ToastKind, title: string, options: ToastOptions): ToastRequest {
  const action = options.onClick ? { label: title, onClick: options.onClick } : undefined;
  const duration = options.sticky ? Infinity : TOAST_DURATION_MS;
  return { type: kind, title, duration, closable: true, action };
}

function place(id: string, request: ToastRequest): void {
  if (engine) engineIds.set(id, engine.create(request));
  else {
    queued.push({ id, request, at: Date.now() });
    $toastsWanted.set(true);
  }
}

export function showToast(kind: ToastKind, title: string, options: ToastOptions = {}): string {
  const id = `toast-${++nextId}`;
  place(id, requestOf(kind, title, options));
  return id;
}

export function updateToast(id: string, kind: ToastKind, title: string, options: ToastOptions = {}): string {
  const request = requestOf(kind, title, options);
  const engineId = engineIds.get(id);
  if (engine && engineId) engine.update(engineId, request);
  else if (queued.some((entry) => entry.id === id)) {
    // A new state is news: it waits its own duration, and asks for the toasts' UI again if an earlier load failed.
    queued = queued.map((entry) => (entry.id === id ? { id, request, at: Date.now() } : entry));
    $toastsWanted.set(true);
  } else place(id, request);
  return id;
}

export function dismissToast(id: string): void {
  const engineId = engineIds.get(id);
  engineIds.delete(id);
  if (engine && engineId) engine.dismiss(engineId);
  else queued = queued.filter((entry) => entry.id !== id);
}

export const toast = {
  success: (title: string, options?: ToastOptions) => showToast('success', title, options),
  error: (title: string, options?: ToastOptions) => showToast('error', title, options),
  info: (title: string, options?: ToastOptions) => showToast('info', title, options),
};
