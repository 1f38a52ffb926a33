/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    user: import('./shared/page-locals.ts').PageUser | null;
    csrfToken: string;
    /** The socket's host for the page policy, checked by the server (PUBLIC_URL's or a plain Host header). */
    socketHost: string | null;
    /** What a page may render into its first HTML (src/server/http/page-preload.ts; ADR 044). */
    preload: import('./shared/page-locals.ts').PagePreload;
    /** Whether what a page is about exists for the viewer (src/server/http/page-lookup.ts): 'missing' is a 404. */
    lookup: import('./shared/page-locals.ts').PageLookup;
    /** Set by the server when a signed-in request for / is rendered by /home. */
    homeRewrite?: boolean;
  }
}
