/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    user: import('./shared/page-locals.ts').PageUser | null;
    csrfToken: string;
    /** Set by the server when a signed-in request for / is rendered by /home. */
    homeRewrite?: boolean;
  }
}
