/**
 * NOTE: registers the service worker (public/sw.js, ADR 053) once the page has loaded, so it never competes with
 * the page's own requests (the landing page's weight budget is unchanged: these few bytes are inline). A classic
 * inline script with the same CSP rule as the theme bootstrap: the layout inserts SERVICE_WORKER_HASH on every page.
 * `data-sw-ready` on <html> tells tests (and nothing else) that the worker controls the page.
 */
import { createHash } from 'node:crypto';

export const SERVICE_WORKER_CODE = `"serviceWorker"in navigator&&addEventListener("load",()=>{navigator.serviceWorker.register("/sw.js").catch(()=>{});navigator.serviceWorker.ready.then(()=>document.documentElement.dataset.swReady="")});`;

export const SERVICE_WORKER_HASH = `sha256-${createHash('sha256').update(SERVICE_WORKER_CODE).digest('base64')}` as const;
