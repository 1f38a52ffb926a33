/**
 * The toast queue (src/stores/toasts.ts): toasts asked for before the toasts' UI arrived are shown when it does,
 * unless they already outlived their own duration (the UI loaded late, or only on a later try); sticky ones wait.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '../../../src/shared/constants.ts';

let toasts: typeof import('../../../src/stores/toasts.ts');

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  toasts = await import('../../../src/stores/toasts.ts');
});
afterEach(() => vi.useRealTimers());

const engine = () => {
  const shown: string[] = [];
  const updated: string[] = [];
  return {
    shown,
    updated,
    create: (t: { title: string }) => (shown.push(t.title), `e${shown.length}`),
    update: (id: string, t: { title: string }) => (updated.push(`${id}: ${t.title}`), id),
    dismiss: () => {},
  };
};

describe('toasts queued before the UI arrived', () => {
  it('shows those still within their duration and sticky ones; drops the ones that outlived it', () => {
    toasts.toast.error('old news');
    toasts.toast.info('Processing video...', { sticky: true });
    vi.advanceTimersByTime(TOAST_DURATION_MS + 1);
    toasts.toast.success('fresh');
    expect(toasts.$toastsWanted.get()).toBe(true);
    const ui = engine();
    toasts.attachToaster(ui);
    expect(ui.shown).toEqual(['Processing video...', 'fresh']);
  });

  it('asks for the UI again with the next toast after a failed load', () => {
    toasts.toast.error('first');
    toasts.$toastsWanted.set(false); // what the Toaster does when the UI's code could not be loaded
    toasts.toast.error('second');
    expect(toasts.$toastsWanted.get()).toBe(true);
    const ui = engine();
    toasts.attachToaster(ui);
    expect(ui.shown).toEqual(['first', 'second']);
  });
});

describe('a toast that changes state', () => {
  it('is updated in place once shown, and replaced in the queue before the UI arrived', () => {
    const waiting = toasts.toast.info('Your media is being uploaded...', { sticky: true });
    toasts.updateToast(waiting, 'success', 'Upload complete!');
    const ui = engine();
    toasts.attachToaster(ui);
    expect(ui.shown).toEqual(['Upload complete!']);
    const shown = toasts.toast.info('Processing video...', { sticky: true });
    toasts.updateToast(shown, 'info', 'Your media is being uploaded...', { sticky: true });
    expect(ui.shown).toEqual(['Upload complete!', 'Processing video...']);
    expect(ui.updated).toEqual(['e2: Your media is being uploaded...']);
  });

  it('comes back as a new toast once it was dismissed', () => {
    const ui = engine();
    toasts.attachToaster(ui);
    const id = toasts.toast.info('Processing video...', { sticky: true });
    toasts.dismissToast(id);
    toasts.updateToast(id, 'error', 'Could not process the video.');
    expect(ui.shown).toEqual(['Processing video...', 'Could not process the video.']);
  });
});
