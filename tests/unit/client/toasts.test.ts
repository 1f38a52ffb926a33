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
  return { shown, create: (t: { title: string }) => (shown.push(t.title), `e${shown.length}`), dismiss: () => {} };
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
