/**
 * NOTE: loaded once in the browser, ahead of Preact's island renderer (astro.config.mjs prepends it to
 * `@astrojs/preact`'s client entry, which every island imports before it hydrates). Import it nowhere else.
 *
 * Preact runs effects after the next frame; React runs those of a discrete update (a click, a key) at once. Ark
 * UI's state machines rely on React's timing: a dialog reopened after closing moved focus into and labelled the
 * content only when its presence effect had mounted it first. Effects run in a microtask here, as React does.
 * It lives in the renderer's module, not in a separate "before hydration" script, because Astro imports that
 * script without catching a failed load (a reload in flight aborts it: an uncaught error on the page).
 */
import { options } from 'preact';

options.requestAnimationFrame = (callback) => queueMicrotask(callback);
